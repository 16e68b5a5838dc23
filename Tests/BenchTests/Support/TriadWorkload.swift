@testable import Bench

/// A workload whose frame is one STREAM triad pass over three `Float` arrays: it moves exactly
/// the bytes it declares, at the bandwidth `Bandwidth` measures.
final class TriadWorkload: Workload {
    private var a: [Float]
    private let b: [Float]
    private let c: [Float]

    /// A triad over arrays of `count` floats each.
    init(count: Int) {
        a = [Float](repeating: 0, count: count)
        b = [Float](repeating: 1, count: count)
        c = [Float](repeating: 2, count: count)
    }

    /// "triad".
    var name: String { "triad" }
    /// The array length.
    var params: [String: Int] { ["count": a.count] }
    /// One entity per array element.
    var entitiesPerFrame: Int { a.count }
    /// Two arrays read, one written.
    var bytesPerFrame: Int { 3 * a.count * MemoryLayout<Float>.stride }
    /// Runs on the calling thread.
    var isParallel: Bool { false }

    /// One triad pass.
    func runFrame() {
        StreamTriad.run(&a, b, c, 3)
    }
}
