/// The in-place stream update `a[i] += s * b[i]` that `Bandwidth` times: the access pattern of
/// a system that updates one component from another (`position += velocity * dt`).
enum StreamUpdate {
    /// One pass over `a` and `b` (equal lengths): reads both, writes `a` back in place.
    @inline(never)
    static func run(_ a: inout [Float], _ b: [Float], _ s: Float) {
        a.withUnsafeMutableBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                for i in 0..<a.count {
                    a[i] += s * b[i]
                }
            }
        }
    }
}
