/// The reference bandwidths of one run, measured once per working-set size and thread count
/// and kept for the scenarios that follow.
final class BandwidthCalibration {
    /// Timings per measurement.
    let runs: Int
    private var measured: [Key: Bandwidth] = [:]

    /// A measurement's identity.
    private struct Key: Hashable {
        let workingSetBytes: Int
        let threads: Int
    }

    /// An empty calibration whose measurements keep the best of `runs` timings.
    init(runs: Int = 5) {
        self.runs = runs
    }

    /// The bandwidth a frame moving `bytesPerFrame` bytes on `threads` threads is compared
    /// with: the stream update that moves the same bytes in one pass on as many threads, over
    /// a working set of two thirds of them (capped at `Bandwidth.maxWorkingSetBytes`), the
    /// working set of a frame that updates one component from another. Nil when the frame
    /// moves no bytes.
    func bandwidth(bytesPerFrame: Int, threads: Int = 1) -> Bandwidth? {
        guard bytesPerFrame > 0 else { return nil }
        let key = Key(workingSetBytes: min(bytesPerFrame / 3 * 2, Bandwidth.maxWorkingSetBytes), threads: max(1, threads))
        if let known = measured[key] { return known }
        let bandwidth = Bandwidth.measure(workingSetBytes: key.workingSetBytes, runs: runs, threads: key.threads)
        measured[key] = bandwidth
        return bandwidth
    }
}
