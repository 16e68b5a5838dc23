/// Memory bandwidth of this machine at one working-set size on a number of threads, measured
/// with the in-place stream update `a[i] += s * b[i]` over two `Float` arrays (`StreamUpdate`).
///
/// Bandwidth depends on where the data lives: a pass whose arrays fit in L1 runs many times
/// faster than one that streams from DRAM. `measure(workingSetBytes:runs:threads:)` sizes the
/// arrays like the frame it is compared with, so the reference is the memory level that
/// frame's data lives in. The kernel reads every byte it writes, as ECS systems do, so unlike
/// the STREAM triad it pays no write-allocate reads that its byte count leaves out.
///
/// Bandwidth also depends on how many cores pull at once: cores that share a memory bus or a
/// last-level cache do not multiply it. The bandwidth on T threads over the one on one thread
/// is the most T threads can speed up a frame bound by its memory traffic.
struct Bandwidth: Sendable {
    /// Largest working set measured: 256 MiB, beyond every cache level, so larger working
    /// sets are compared with DRAM bandwidth without allocating their full size.
    static let maxWorkingSetBytes = 256 << 20

    /// Best bandwidth observed over the runs, in bytes per nanosecond (GB/s).
    let bytesPerNs: Double
    /// Bytes of the two arrays the update ran over: the memory level the bandwidth is of.
    let workingSetBytes: Int
    /// Threads the update ran on.
    let threads: Int

    /// Measures the update over two arrays of `workingSetBytes / 2` bytes each (capped at
    /// `maxWorkingSetBytes` in all), keeping the best of `runs` timings. Each timing repeats
    /// the pass until it has moved at least 1 MiB, so tiny working sets are not timed near the
    /// clock's resolution. The bytes counted per element are three floats: `a` and `b` read,
    /// `a` written.
    ///
    /// On one thread a timing is the calling thread's CPU time (like the frames it is compared
    /// with, so time spent preempted on a busy machine does not count). On `threads` above 1
    /// each pass is cut into jobs of `StreamUpdate.chunk` elements that up to `threads` threads
    /// take in turn, and a timing is wall time (like the parallel frames it is compared with).
    static func measure(workingSetBytes: Int, runs: Int = 5, threads: Int = 1) -> Bandwidth {
        let bytes = min(max(workingSetBytes, 2 * MemoryLayout<Float>.stride), maxWorkingSetBytes)
        let count = max(1, bytes / (2 * MemoryLayout<Float>.stride))
        let moved = 3 * count * MemoryLayout<Float>.stride
        let passes = max(1, (1 << 20) / moved)
        let threads = max(1, threads)
        var a = [Float](repeating: 0, count: count)
        let b = [Float](repeating: 1, count: count)
        var best = UInt64.max
        a.withUnsafeMutableBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                func pass() {
                    if threads == 1 {
                        StreamUpdate.run(a, b, 1e-3)
                    } else {
                        StreamUpdate.run(a, b, 1e-3, threads: threads)
                    }
                }
                let clock = threads == 1 ? Clocks.threadCPU : Clocks.wall
                pass()
                for _ in 0..<max(1, runs) {
                    let start = clock()
                    for _ in 0..<passes { pass() }
                    best = min(best, max(1, clock() &- start))
                }
            }
        }
        return Bandwidth(
            bytesPerNs: Double(moved * passes) / Double(best),
            workingSetBytes: 2 * count * MemoryLayout<Float>.stride, threads: threads
        )
    }

    /// How many times longer a frame took than moving `bytesPerFrame` at this bandwidth;
    /// 1 means the frame ran at the bandwidth limit of its memory level. Nil when the frame
    /// moves no bytes.
    func limitRatio(nsPerFrame: Double, bytesPerFrame: Int) -> Double? {
        guard bytesPerFrame > 0, bytesPerNs > 0 else { return nil }
        return nsPerFrame / (Double(bytesPerFrame) / bytesPerNs)
    }
}
