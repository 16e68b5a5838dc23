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
        var packed = SIMD8<Float>()
        packed.evenHalf = x
        packed.oddHalf = y
        pointer.storeBytes(of: packed, as: SIMD8<Float>.self)
    }
}
