/// Memory bandwidth of this machine at one working-set size, measured with the STREAM triad
/// `a[i] = b[i] + s * c[i]` over three `Float` arrays.
///
/// Bandwidth depends on where the data lives: a triad whose three arrays fit in L1 runs many
/// times faster than one that streams from DRAM. `measure(workingSetBytes:)` sizes the triad
/// so that it moves, per pass, the same bytes over the same working set as the frame it is
/// compared with, so the reference is the memory level that frame's data lives in.
struct Bandwidth: Sendable {
    /// Largest triad working set measured: 256 MiB, beyond every cache level, so larger
    /// working sets are compared with DRAM bandwidth without allocating their full size.
    static let maxWorkingSetBytes = 256 << 20

    /// Best bandwidth observed over the runs, in bytes per nanosecond.
    let bytesPerNs: Double

    /// Measures the triad over three arrays of `workingSetBytes / 3` bytes each (capped at
    /// `maxWorkingSetBytes` in all), keeping the best of `runs` timings of the calling
    /// thread's CPU time (like the frames it is compared with, so time spent preempted on a
    /// busy machine does not count). Each timing repeats the pass until it has moved at least
    /// 1 MiB, so tiny working sets are not timed near the clock's resolution. The bytes
    /// counted per pass are the three arrays (two reads, one write).
    static func measure(workingSetBytes: Int, runs: Int = 5) -> Bandwidth {
        let bytes = min(max(workingSetBytes, 3 * MemoryLayout<Float>.stride), maxWorkingSetBytes)
        let count = max(1, bytes / (3 * MemoryLayout<Float>.stride))
        let moved = 3 * count * MemoryLayout<Float>.stride
        let passes = max(1, (1 << 20) / moved)
        var a = [Float](repeating: 0, count: count)
        let b = [Float](repeating: 1, count: count)
        let c = [Float](repeating: 2, count: count)
        StreamTriad.run(&a, b, c, 3)
        var best = UInt64.max
        for _ in 0..<max(1, runs) {
            let start = Clocks.threadCPU()
            for _ in 0..<passes { StreamTriad.run(&a, b, c, 3) }
            best = min(best, max(1, Clocks.threadCPU() &- start))
        }
        return Bandwidth(bytesPerNs: Double(moved * passes) / Double(best))
    }

    /// How many times longer a frame took than moving `bytesPerFrame` at this bandwidth;
    /// 1 means the frame ran at the bandwidth limit of its memory level. Nil when the frame
    /// moves no bytes.
    func limitRatio(nsPerFrame: Double, bytesPerFrame: Int) -> Double? {
        guard bytesPerFrame > 0, bytesPerNs > 0 else { return nil }
        return nsPerFrame / (Double(bytesPerFrame) / bytesPerNs)
    }
}
