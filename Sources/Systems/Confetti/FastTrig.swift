/// Branch-free single-precision sine and cosine for the render mapping's hot loop.
///
/// The argument is reduced to `r` in `[-π/4, π/4]` with `x = k·π/2 + r` (three-part
/// Cody–Waite constants), `k` is found with the `1.5·2²³` rounding trick (no SSE4 needed),
/// and `sin r`, `cos r` come from the Cephes `sinf`/`cosf` minimax polynomials. Everything is
/// selects and arithmetic, so loops calling it vectorise.
///
/// Accuracy: measured against Foundation's double-precision `sin`/`cos`, the absolute error is
/// below `1.2e-7 + 6e-8·|x|`, which is at most `2e-7` for `|x| <= 1`, `8e-7` for `|x| <= 10`
/// and `7e-6` for `|x| <= 100` (most of it is the rounding of `x` itself to `Float`).
/// Arguments must satisfy `|x| < 2²²`; particle rotations stay far below that.
enum FastTrig {
    private static let twoOverPi: Float = 0.636_619_77
    private static let roundingBias: Float = 12_582_912 // 1.5 * 2^23
    private static let halfPiA: Float = 1.570_312_5
    private static let halfPiB: Float = 4.837_512_969_970_703_125e-4
    private static let halfPiC: Float = 7.549_789_954_891_882_16e-8

    /// Returns `(sin x, cos x)`.
    @inline(__always)
    static func sinCos(_ x: Float) -> (sin: Float, cos: Float) {
        let k = (x * twoOverPi + roundingBias) - roundingBias
        let r = ((x - k * halfPiA) - k * halfPiB) - k * halfPiC
        let r2 = r * r
        let s = r + r * r2 * (-1.666_665_461_1e-1 + r2 * (8.332_160_873_6e-3 + r2 * -1.951_529_589_1e-4))
        let c = 1 - 0.5 * r2 + r2 * r2 * (4.166_664_568_298_827e-2 + r2 * (-1.388_731_625_493_765e-3 + r2 * 2.443_315_711_809_948e-5))
        let quadrant = Int32(k) & 3
        let swapped = quadrant & 1 != 0
        let sinBase = swapped ? c : s
        let cosBase = swapped ? s : c
        let sinValue = quadrant & 2 != 0 ? -sinBase : sinBase
        let cosValue = (quadrant == 1 || quadrant == 2) ? -cosBase : cosBase
        return (sinValue, cosValue)
    }
}
