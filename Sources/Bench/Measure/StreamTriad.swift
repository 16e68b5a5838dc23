/// The STREAM triad kernel, `a[i] = b[i] + s * c[i]`, that `Bandwidth` times.
enum StreamTriad {
    /// One pass over `a`, `b` and `c` (equal lengths): reads `b` and `c`, writes `a`.
    @inline(never)
    static func run(_ a: inout [Float], _ b: [Float], _ c: [Float], _ s: Float) {
        a.withUnsafeMutableBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                c.withUnsafeBufferPointer { c in
                    for i in 0..<a.count {
                        a[i] = b[i] + s * c[i]
                    }
                }
            }
        }
    }
}
