/// Moves four consecutive `SIMD2<Float>` column values in and out of separate `x` and `y`
/// lanes, so kernels can work on four particles per `SIMD4` operation.
enum PairLanes {
    /// The `x` and `y` lanes of four consecutive `SIMD2<Float>` values at `pointer`.
    @inline(__always)
    static func load(_ pointer: UnsafeRawPointer) -> (x: SIMD4<Float>, y: SIMD4<Float>) {
        let packed = pointer.loadUnaligned(as: SIMD8<Float>.self)
        return (packed.evenHalf, packed.oddHalf)
    }

    /// Stores `x` and `y` lanes as four consecutive `SIMD2<Float>` values at `pointer`.
    @inline(__always)
    static func store(x: SIMD4<Float>, y: SIMD4<Float>, to pointer: UnsafeMutableRawPointer) {
        pointer.storeBytes(of: interleaved(x: x, y: y), as: SIMD8<Float>.self)
    }

    /// `(x[0], y[0], x[1], y[1], …)`: the four `SIMD2<Float>` values `(x[i], y[i])` as they lie
    /// in memory.
    @inline(__always)
    static func interleaved(x: SIMD4<Float>, y: SIMD4<Float>) -> SIMD8<Float> {
        var packed = SIMD8<Float>()
        packed.evenHalf = x
        packed.oddHalf = y
        return packed
    }
}
