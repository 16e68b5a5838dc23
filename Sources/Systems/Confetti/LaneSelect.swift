/// Branch-free lane selection for the `SIMD4` kernels.
///
/// The standard library's `replacing(with:where:)` and mask operators loop over lanes with a
/// branch per lane; these helpers work on the mask bits with integer operations that compile
/// to plain vector instructions.
enum LaneSelect {
    /// All-ones lanes where `mask` is true, zero elsewhere.
    @inline(__always)
    static func bits(_ mask: SIMDMask<SIMD4<Int32>>) -> SIMD4<UInt32> {
        unsafeBitCast(mask, to: SIMD4<UInt32>.self)
    }

    /// `whenTrue` in the lanes set in `bits`, `whenFalse` elsewhere.
    @inline(__always)
    static func select(_ bits: SIMD4<UInt32>, _ whenTrue: SIMD4<Float>, _ whenFalse: SIMD4<Float>) -> SIMD4<Float> {
        let t = unsafeBitCast(whenTrue, to: SIMD4<UInt32>.self)
        let f = unsafeBitCast(whenFalse, to: SIMD4<UInt32>.self)
        return unsafeBitCast(f ^ ((t ^ f) & bits), to: SIMD4<Float>.self)
    }
}
