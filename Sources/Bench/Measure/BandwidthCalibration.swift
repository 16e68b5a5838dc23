/// The reference bandwidths of one run, measured once per working-set size and kept for the
/// scenarios that follow.
final class BandwidthCalibration {
    /// Timings per measurement.
    let runs: Int
    private var measured: [Int: Bandwidth] = [:]

    /// An empty calibration whose measurements keep the best of `runs` timings.
    init(runs: Int = 5) {
        self.runs = runs
    }

    /// The bandwidth a frame moving `bytesPerFrame` bytes is compared with: the stream update
    /// that moves the same bytes in one pass, over a working set of two thirds of them
    /// (capped at `Bandwidth.maxWorkingSetBytes`), the working set of a frame that updates
    /// one component from another. Nil when the frame moves no bytes.
    func bandwidth(bytesPerFrame: Int) -> Bandwidth? {
        guard bytesPerFrame > 0 else { return nil }
        let size = min(bytesPerFrame / 3 * 2, Bandwidth.maxWorkingSetBytes)
        if let known = measured[size] { return known }
        let bandwidth = Bandwidth.measure(workingSetBytes: size, runs: runs)
        measured[size] = bandwidth
        return bandwidth
    }
}
