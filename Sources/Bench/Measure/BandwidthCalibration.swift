/// The triad bandwidths of one run, measured once per working-set size and kept for the
/// scenarios that follow.
final class BandwidthCalibration {
    /// Triad timings per measurement.
    let runs: Int
    private var measured: [Int: Bandwidth] = [:]

    /// An empty calibration whose measurements keep the best of `runs` timings.
    init(runs: Int = 5) {
        self.runs = runs
    }

    /// The bandwidth a frame moving `bytesPerFrame` bytes is compared with: the triad over a
    /// working set of the same size (capped at `Bandwidth.maxWorkingSetBytes`). Nil when the
    /// frame moves no bytes.
    func bandwidth(bytesPerFrame: Int) -> Bandwidth? {
        guard bytesPerFrame > 0 else { return nil }
        let size = min(bytesPerFrame, Bandwidth.maxWorkingSetBytes)
        if let known = measured[size] { return known }
        let bandwidth = Bandwidth.measure(workingSetBytes: size, runs: runs)
        measured[size] = bandwidth
        return bandwidth
    }
}
