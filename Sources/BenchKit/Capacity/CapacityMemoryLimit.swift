import Foundation

/// How close a capacity probe's frame runs to the memory limit: its median frame time against
/// the time its bytes take at the bandwidth the stream update reaches on as many threads (the
/// run's `limit ratio`). Near 1, the count is bound by memory bandwidth, so more threads can
/// raise it only as far as they raise that bandwidth.
struct CapacityMemoryLimit: Equatable, Sendable {
    /// The probed count.
    let count: Int
    /// The median frame time in nanoseconds: CPU time on one thread, wall time on several.
    let frameNs: Double
    /// Bytes one frame must move (``Workload/bytesPerFrame``).
    let bytesPerFrame: Int
    /// Threads the frame runs on.
    let threads: Int

    /// The figure of `workload`'s `samples`.
    init(count: Int, workload: any Workload, samples: FrameSamples) {
        self.count = count
        frameNs = FrameTimeSummary(nanoseconds: samples.frameNs(parallel: workload.isParallel)).p50 * 1e6
        bytesPerFrame = workload.bytesPerFrame
        threads = workload.frameThreads
    }

    /// One line, for example `median frame of 2560000: 7.890 ms, 1.00x the memory limit of 2
    /// threads (54.1 GB/s)`, with the bandwidth measured through `calibration`; nil when the
    /// frame moves no bytes.
    func summary(_ calibration: BandwidthCalibration) -> String? {
        guard let bandwidth = calibration.bandwidth(bytesPerFrame: bytesPerFrame, threads: threads),
              let ratio = bandwidth.limitRatio(nsPerFrame: frameNs, bytesPerFrame: bytesPerFrame)
        else { return nil }
        return String(
            format: "median frame of %d: %.3f ms, %.2fx the memory limit of %d thread%@ (%.1f GB/s)",
            count, frameNs / 1e6, ratio, threads, threads == 1 ? "" : "s", bandwidth.bytesPerNs)
    }
}
