/// Branch-free single-precision sine and absolute cosine of four lanes, for the render mapping.
///
/// ``absCos(_:)`` follows the same scheme with a reduction by π and one polynomial.
///
/// The argument is reduced to `r` in `[-π/4, π/4]` with `x = k·π/2 + r` (three-part
/// Cody–Waite constants). `k` comes from the `1.5·2²³` rounding trick, whose bit pattern also
/// holds `k mod 4`, so no SSE4 rounding or integer conversion is needed. `sin r` and `cos r`
/// come from the Cephes `sinf`/`cosf` minimax polynomials, and the quadrant selects and sign
/// flips are lane arithmetic, so the whole function is straight SIMD code.
///
/// Accuracy: against Foundation's double-precision `sin`/`cos` of the same `Float` argument,
/// the absolute error of both functions is below `2.5e-7` for `|x| <= 100` and below `1e-6`
/// for `|x| <= 10_000` (checked by the tests). Arguments must satisfy `|x| < 2²²`.
enum FastTrig {
    private static let twoOverPi: Float = 0.636_619_77
    private static let roundingBias: Float = 12_582_912
    private static let halfPiA: Float = 1.570_312_5
    private static let halfPiB: Float = 4.837_512_969_970_703_125e-4
    private static let halfPiC: Float = 7.549_789_954_891_882_16e-8
    private static let oneOverPi: Float = 0.318_309_886
    private static let piA: Float = 3.140_625
    private static let piB: Float = 9.675_025_939_941_406_25e-4
    private static let piC: Float = 1.509_957_990_978_376_432e-7
    private static let oneBits: UInt32 = 0x3F80_0000

    /// Returns `(sin x, |cos x|)` lane by lane.
    ///
    /// The quadrant picks `sin r` or `cos r` for each result by multiplying both with exact
    /// `0`/`1` lane factors instead of a bit-mask select (the optimiser rewrites such a select
    /// into lane-mixed polynomial code that is several times slower). The sum is exact and
    /// equals the picked value bit for bit: `sin r` is never `-0` (for `r = -0` the cubic term
    /// is `+0`), and `cos r` is positive.
    @inline(__always)
    static func sinAbsCos(_ x: SIMD4<Float>) -> (sin: SIMD4<Float>, absCos: SIMD4<Float>) {
        let shifted = x * twoOverPi + roundingBias
        let k = shifted - roundingBias
        let quadrant = unsafeBitCast(shifted, to: SIMD4<UInt32>.self)
        let r = ((x - k * halfPiA) - k * halfPiB) - k * halfPiC
        let r2 = r * r
        let sinPoly = -1.666_665_461_1e-1 + r2 * (8.332_160_873_6e-3 + r2 * -1.951_529_589_1e-4)
        let s = r + r * r2 * sinPoly
        let cosPoly = 4.166_664_568_298_827e-2 + r2 * (-1.388_731_625_493_765e-3 + r2 * 2.443_315_711_809_948e-5)
        let c = 1 - 0.5 * r2 + r2 * r2 * cosPoly
        let swapped = 0 &- (quadrant & 1)
        let odd = unsafeBitCast(swapped & oneBits, to: SIMD4<Float>.self)
        let even = unsafeBitCast(~swapped & oneBits, to: SIMD4<Float>.self)
        let sinBase = s * even + c * odd
        let cosBase = c * even + s * odd
        let sinSign = (quadrant & 2) &<< 30
        let sinValue = unsafeBitCast(unsafeBitCast(sinBase, to: SIMD4<UInt32>.self) ^ sinSign, to: SIMD4<Float>.self)
        return (sinValue, magnitude(cosBase))
    }

    /// Returns `|cos x|` lane by lane, cheaper than ``sinAbsCos(_:)`` because `|cos|` has period π:
    /// `x = k·π + r` with `r` in `[-π/2, π/2]`, where `cos r >= 0` is a single even Taylor
    /// polynomial of degree 12 (truncation below `1e-8`).
    @inline(__always)
    static func absCos(_ x: SIMD4<Float>) -> SIMD4<Float> {
        let k = (x * oneOverPi + roundingBias) - roundingBias
        let r = ((x - k * piA) - k * piB) - k * piC
        let r2 = r * r
        let c12: Float = 1.0 / 479_001_600, c10: Float = -1.0 / 3_628_800
        let c8: Float = 1.0 / 40320, c6: Float = -1.0 / 720, c4: Float = 1.0 / 24
        var poly = r2 * c12 + c10
        poly = poly * r2 + c8
        poly = poly * r2 + c6
        poly = poly * r2 + c4
        let c = 1 - 0.5 * r2 + r2 * r2 * poly
        return magnitude(c)
    }

    /// `|x|` lane by lane (clears the sign bit).
    @inline(__always)
    static func magnitude(_ x: SIMD4<Float>) -> SIMD4<Float> {
        unsafeBitCast(unsafeBitCast(x, to: SIMD4<UInt32>.self) & 0x7FFF_FFFF, to: SIMD4<Float>.self)
    }
}
