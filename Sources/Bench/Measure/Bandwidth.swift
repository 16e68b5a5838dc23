/// Sustained memory bandwidth of this machine, measured with the STREAM triad
/// `a[i] = b[i] + s * c[i]` over three `Float` arrays.
struct Bandwidth: Sendable {
    /// Best bandwidth observed over the runs, in bytes per nanosecond.
    let bytesPerNs: Double

    /// Measures the triad over arrays of `bytesPerArray` bytes each, `runs` times in this
    /// process, keeping the best run. The bytes counted per run are three arrays (two reads,
    /// one write).
    static func measure(bytesPerArray: Int = 32 << 20, runs: Int = 5) -> Bandwidth {
        let count = max(1, bytesPerArray / MemoryLayout<Float>.stride)
        var a = [Float](repeating: 0, count: count)
        let b = [Float](repeating: 1, count: count)
        let c = [Float](repeating: 2, count: count)
        let scalar: Float = 3
        var best = UInt64.max
        for _ in 0..<max(1, runs) {
            let start = Clocks.wall()
            triad(&a, b, c, scalar)
            best = min(best, max(1, Clocks.wall() &- start))
        }
        let moved = Double(3 * count * MemoryLayout<Float>.stride)
        return Bandwidth(bytesPerNs: moved / Double(best))
    }

    /// How many times longer a frame took than moving `bytesPerFrame` at this bandwidth;
    /// 1 means the frame ran at the memory-bandwidth limit. Nil when the frame moves no bytes.
    func limitRatio(nsPerFrame: Double, bytesPerFrame: Int) -> Double? {
        guard bytesPerFrame > 0, bytesPerNs > 0 else { return nil }
        return nsPerFrame / (Double(bytesPerFrame) / bytesPerNs)
    }

    @inline(never)
    private static func triad(_ a: inout [Float], _ b: [Float], _ c: [Float], _ s: Float) {
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
