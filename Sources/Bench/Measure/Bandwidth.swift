/// Memory bandwidth of this machine at one working-set size, measured with the in-place stream
/// update `a[i] += s * b[i]` over two `Float` arrays (`StreamUpdate`).
///
/// Bandwidth depends on where the data lives: a pass whose arrays fit in L1 runs many times
/// faster than one that streams from DRAM. `measure(workingSetBytes:)` sizes the arrays like
/// the frame it is compared with, so the reference is the memory level that frame's data lives
/// in. The kernel reads every byte it writes, as ECS systems do, so unlike the STREAM triad it
/// pays no write-allocate reads that its byte count leaves out.
struct Bandwidth: Sendable {
    /// Largest working set measured: 256 MiB, beyond every cache level, so larger working
    /// sets are compared with DRAM bandwidth without allocating their full size.
    static let maxWorkingSetBytes = 256 << 20

    /// Best bandwidth observed over the runs, in bytes per nanosecond.
    let bytesPerNs: Double
    /// Bytes of the two arrays the update ran over: the memory level the bandwidth is of.
    let workingSetBytes: Int

    /// Measures the update over two arrays of `workingSetBytes / 2` bytes each (capped at
    /// `maxWorkingSetBytes` in all), keeping the best of `runs` timings of the calling
    /// thread's CPU time (like the frames it is compared with, so time spent preempted on a
    /// busy machine does not count). Each timing repeats the pass until it has moved at least
    /// 1 MiB, so tiny working sets are not timed near the clock's resolution. The bytes
    /// counted per element are three floats: `a` and `b` read, `a` written.
    static func measure(workingSetBytes: Int, runs: Int = 5) -> Bandwidth {
        let bytes = min(max(workingSetBytes, 2 * MemoryLayout<Float>.stride), maxWorkingSetBytes)
        let count = max(1, bytes / (2 * MemoryLayout<Float>.stride))
        let moved = 3 * count * MemoryLayout<Float>.stride
        let passes = max(1, (1 << 20) / moved)
        var a = [Float](repeating: 0, count: count)
        let b = [Float](repeating: 1, count: count)
        StreamUpdate.run(&a, b, 1e-3)
        var best = UInt64.max
        for _ in 0..<max(1, runs) {
            let start = Clocks.threadCPU()
            for _ in 0..<passes { StreamUpdate.run(&a, b, 1e-3) }
            best = min(best, max(1, Clocks.threadCPU() &- start))
        }
        return Bandwidth(bytesPerNs: Double(moved * passes) / Double(best), workingSetBytes: 2 * count * MemoryLayout<Float>.stride)
    }

    /// How many times longer a frame took than moving `bytesPerFrame` at this bandwidth;
    /// 1 means the frame ran at the bandwidth limit of its memory level. Nil when the frame
    /// moves no bytes.
    func limitRatio(nsPerFrame: Double, bytesPerFrame: Int) -> Double? {
        guard bytesPerFrame > 0, bytesPerNs > 0 else { return nil }
        return nsPerFrame / (Double(bytesPerFrame) / bytesPerNs)
    }
}
