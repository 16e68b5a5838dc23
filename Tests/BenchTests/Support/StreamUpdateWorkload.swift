@testable import Bench
@testable import BenchKit

/// A workload whose frame is one in-place stream update over two `Float` arrays, on one thread
/// or several: it moves exactly the bytes it declares, at the bandwidth `Bandwidth` measures.
final class StreamUpdateWorkload: Workload {
    private var a: [Float]
    private let b: [Float]
    private let threads: Int

    /// An update over arrays of `count` floats each on `threads` threads.
    init(count: Int, threads: Int = 1) {
        a = [Float](repeating: 0, count: count)
        b = [Float](repeating: 1, count: count)
        self.threads = threads
    }

    /// "stream_update".
    var name: String { "stream_update" }
    /// The array length and the thread count.
    var params: [String: Int] { ["count": a.count, "threads": threads] }
    /// One entity per array element.
    var entitiesPerFrame: Int { a.count }
    /// Two arrays read, one written.
    var bytesPerFrame: Int { 3 * a.count * MemoryLayout<Float>.stride }
    /// Whether the pass is split over threads.
    var isParallel: Bool { threads > 1 }

    /// One pass.
    func runFrame() {
        if threads == 1 {
            StreamUpdate.run(&a, b, 1e-3)
        } else {
            a.withUnsafeMutableBufferPointer { a in
                b.withUnsafeBufferPointer { b in StreamUpdate.run(a, b, 1e-3, threads: threads) }
            }
        }
    }
}
