/// The mid-ranks (1-based) of two samples pooled together, reduced to what the Mann-Whitney U
/// test needs: the rank sum of the first sample and the tie term `Σ (t³ - t)` over groups of
/// `t` tied values.
///
/// It takes both samples sorted and merges the two runs: O(n) time and no extra memory for n
/// values, after the O(n log n) sorts. A group of tied values spanning ranks `r+1 ... r+t` gives
/// each member the mid-rank `r + (t + 1) / 2`.
struct PooledRanking: Equatable, Sendable {
    /// Sum of the mid-ranks of the first sample's values.
    let firstRankSum: Double
    /// `Σ (t³ - t)` over the groups of `t` equal values in the pooled sample.
    let tieTerm: Double

    /// Ranks `a` and `b`, both sorted ascending and free of NaN, together in O(n) time.
    init(sorted a: [Double], _ b: [Double]) {
        var rankSum = 0.0
        var ties = 0.0
        var i = 0
        var j = 0
        var ranked = 0
        while i < a.count || j < b.count {
            let value = j == b.count || (i < a.count && a[i] <= b[j]) ? a[i] : b[j]
            let startI = i
            while i < a.count && a[i] == value { i += 1 }
            let startJ = j
            while j < b.count && b[j] == value { j += 1 }
            // Cannot fire: every ranked sample is a whole number of nanoseconds converted from
            // `UInt64`, never NaN.
            precondition(i > startI || j > startJ, "NaN in a ranked sample")
            let inFirst = Double(i - startI)
            let tied = inFirst + Double(j - startJ)
            rankSum += inFirst * (Double(ranked) + (tied + 1) / 2)
            ties += tied * tied * tied - tied
            ranked += i - startI + j - startJ
        }
        firstRankSum = rankSum
        tieTerm = ties
    }
}
