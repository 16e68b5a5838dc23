@testable import Bench

/// A workload whose frame is one in-place stream update over two `Float` arrays: it moves
/// exactly the bytes it declares, at the bandwidth `Bandwidth` measures.
final class StreamUpdateWorkload: Workload {
    private var a: [Float]
    private let b: [Float]

    /// An update over arrays of `count` floats each.
    init(count: Int) {
        a = [Float](repeating: 0, count: count)
        b = [Float](repeating: 1, count: count)
    }

    /// "stream_update".
    var name: String { "stream_update" }
    /// The array length.
    var params: [String: Int] { ["count": a.count] }
    /// One entity per array element.
    var entitiesPerFrame: Int { a.count }
    /// Two arrays read, one written.
    var bytesPerFrame: Int { 3 * a.count * MemoryLayout<Float>.stride }
    /// Runs on the calling thread.
    var isParallel: Bool { false }

    /// One pass.
    func runFrame() {
        StreamUpdate.run(&a, b, 1e-3)
    }
}
