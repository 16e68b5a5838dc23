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

    /// Element `i` holds the bits of `x[i]` and `y[i]` as they lie in memory in a
    /// `SIMD2<Float>` (`x` first; every Swift platform is little-endian), ready to be stored
    /// as one 8-byte value.
    ///
    /// Built with 64-bit integer operations, so that reading single elements afterwards does
    /// not make the compiler split the computation of `x` and `y` into scalar code.
    @inline(__always)
    static func pairBits(x: SIMD4<Float>, y: SIMD4<Float>) -> SIMD4<UInt64> {
        let xBits = unsafeBitCast(x, to: SIMD2<UInt64>.self)
        let yBits = unsafeBitCast(y, to: SIMD2<UInt64>.self)
        let even = (xBits & 0xFFFF_FFFF) | (yBits &<< 32)
        let odd = (xBits &>> 32) | (yBits & 0xFFFF_FFFF_0000_0000)
        return SIMD4(even[0], odd[0], even[1], odd[1])
    }
}
