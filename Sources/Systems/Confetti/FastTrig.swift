/// Branch-free single-precision sine and absolute cosine of four lanes, for the render mapping.
///
/// Both functions reduce the argument by π: `x = k·π + r` with `r` in `[-π/2, π/2]` (two-part
/// Cody–Waite constants; `k·piA` is exact for `|k| < 2¹²`). `k` comes from the `1.5·2²³`
/// rounding trick, whose bit pattern also holds the parity of `k`, so no SSE4 rounding or
/// integer conversion is needed. Then `|cos x| = |cos r|` and `sin x = (-1)^k·sin r`, where
/// `cos r` and `sin r` are minimax polynomials on `[-π/2, π/2]` (degree 10 and 9), so the
/// whole computation is straight SIMD code without quadrant selects.
///
/// Accuracy: against Foundation's double-precision `sin`/`cos` of the same `Float` argument,
/// the absolute error of both functions is below `2.5e-7` for `|x| <= 100` and below `1e-6`
/// for `|x| <= 10_000` (checked by the tests). Arguments must satisfy `|x| < 2²²`.
enum FastTrig {
    private static let oneOverPi: Float = 0.318_309_886
    private static let roundingBias: Float = 12_582_912
    private static let piA: Float = 3.141_601_562_5
    private static let piB: Float = -8.908_909_876_481_63e-6

    /// Returns `(sin x, |cos x|)` lane by lane.
    @inline(__always)
    static func sinAbsCos(_ x: SIMD4<Float>) -> (sin: SIMD4<Float>, absCos: SIMD4<Float>) {
        let (r, oddK) = reducedByPi(x)
        let r2 = r * r
        let sinPoly = -1.666_665_673_255_920_4e-1
            + r2 * (8.333_015_255_630_016e-3 + r2 * (-1.980_652_887_141_332e-4 + r2 * 2.599_861_318_230_978_2e-6))
        let sinR = r + r * r2 * sinPoly
        let sinX = unsafeBitCast(unsafeBitCast(sinR, to: SIMD4<UInt32>.self) ^ (oddK &<< 31), to: SIMD4<Float>.self)
        return (sinX, absCosReduced(r2))
    }

    /// Returns `|cos x|` lane by lane, cheaper than ``sinAbsCos(_:)`` because it skips the sine.
    @inline(__always)
    static func absCos(_ x: SIMD4<Float>) -> SIMD4<Float> {
        let r = reducedByPi(x).r
        return absCosReduced(r * r)
    }

    /// `|x|` lane by lane (clears the sign bit).
    @inline(__always)
    static func magnitude(_ x: SIMD4<Float>) -> SIMD4<Float> {
        unsafeBitCast(unsafeBitCast(x, to: SIMD4<UInt32>.self) & 0x7FFF_FFFF, to: SIMD4<Float>.self)
    }

    /// `r = x - k·π` with `k` the nearest integer to `x/π`, and the parity of `k` in bit 0 of
    /// each `oddK` lane (the other bits are not cleared: `oddK &<< 31` is the sign flip).
    @inline(__always)
    private static func reducedByPi(_ x: SIMD4<Float>) -> (r: SIMD4<Float>, oddK: SIMD4<UInt32>) {
        let shifted = x * oneOverPi + roundingBias
        let k = shifted - roundingBias
        return ((x - k * piA) - k * piB, unsafeBitCast(shifted, to: SIMD4<UInt32>.self))
    }

    /// `|cos r|` from `r2 = r²` for `r` in `[-π/2, π/2]`, as `1 - r²/2 + r⁴·p(r²)`: halving
    /// is exact, so the rounding of `r²` costs least where `cos r` is near 0.
    @inline(__always)
    private static func absCosReduced(_ r2: SIMD4<Float>) -> SIMD4<Float> {
        let poly = 4.166_665_673_255_920_4e-2
            + r2 * (-1.388_857_373_967_766_8e-3 + r2 * (2.476_922_236_382_961_3e-5 + r2 * -2.619_211_727_505_899e-7))
        return magnitude(1 - 0.5 * r2 + r2 * r2 * poly)
    }
}
