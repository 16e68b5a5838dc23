import Platform

/// The in-place stream update `a[i] += s * b[i]` that `Bandwidth` times: the access pattern of
/// a system that updates one component from another (`position += velocity * dt`).
enum StreamUpdate {
    /// Elements per job of a pass on several threads: 64 KiB of each array, the split of a
    /// parallel query's default 16,384-row chunks.
    static let chunk = 16_384

    /// One pass over `a` and `b` (equal lengths): reads both, writes `a` back in place.
    static func run(_ a: inout [Float], _ b: [Float], _ s: Float) {
        a.withUnsafeMutableBufferPointer { a in
            b.withUnsafeBufferPointer { b in run(a, b, s) }
        }
    }

    /// One pass over the buffers (`b` at least as long as `a`): reads both, writes `a` back in
    /// place.
    @inline(never)
    static func run(_ a: UnsafeMutableBufferPointer<Float>, _ b: UnsafeBufferPointer<Float>, _ s: Float) {
        for i in 0..<a.count {
            a[i] += s * b[i]
        }
    }

    /// One pass over the buffers (`b` at least as long as `a`), cut into jobs of ``chunk``
    /// elements that up to `threads` threads take in turn, as a parallel query's chunks are.
    /// Each element is updated exactly once, by one job.
    static func run(_ a: UnsafeMutableBufferPointer<Float>, _ b: UnsafeBufferPointer<Float>, _ s: Float, threads: Int) {
        let count = a.count
        let buffers = Buffers(a: a, b: b)
        ParallelExecutor.run(jobs: (count + chunk - 1) / chunk, threads: threads) { job in
            let rows = (job * chunk)..<min(count, (job + 1) * chunk)
            run(UnsafeMutableBufferPointer(rebasing: buffers.a[rows]), UnsafeBufferPointer(rebasing: buffers.b[rows]), s)
        }
    }

    /// The two buffers of a parallel pass, handed to its jobs. Unchecked, and sound because
    /// each job touches only its own range of elements and the pass returns once every job is
    /// done.
    private struct Buffers: @unchecked Sendable {
        /// The buffer updated in place.
        let a: UnsafeMutableBufferPointer<Float>
        /// The buffer read.
        let b: UnsafeBufferPointer<Float>
    }
}
