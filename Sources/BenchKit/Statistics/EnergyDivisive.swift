/// The candidate step of E-Divisive means (Matteson and James, "A Nonparametric Approach for
/// Multiple Change Point Analysis of Multivariate Data", JASA 2014) on a one-dimensional series,
/// with distances `|x - y|` (power 1).
///
/// For an interval `start..<end` it finds τ and κ (start < τ < κ <= end) that maximise
/// `Q(τ, κ) = mn/(m+n) · Ê(X, Y)` for X = x[start..<τ] (n values) and Y = x[τ..<κ] (m values):
///
///     Q = 2/(m+n) Σ|Xᵢ−Yⱼ| − 2m/((m+n)(n−1)) Σᵢ<ₖ|Xᵢ−Xₖ| − 2n/((m+n)(m−1)) Σⱼ<ₖ|Yⱼ−Yₖ|,
///
/// a term whose divisor is 0 counting 0. The search visits τ, then κ, in ascending order and
/// keeps the first maximum; pairs with κ <= τ count as 0, as in Apache Otava's matrix form, so
/// both pick the same candidate. Sums over index ranges come from prefix sums in O(L²) memory
/// for a series of L values, and the search costs O(L²) per interval start.
struct EnergyDivisive {
    /// The series.
    let series: [Double]
    /// `within[a][b]`: Σ |x_i − x_k| over a <= i < k < b, for a <= b.
    private let within: [[Double]]

    /// Prepares the sums for `series`.
    init(_ series: [Double]) {
        self.series = series
        let count = series.count
        var within = [[Double]](repeating: [Double](repeating: 0, count: count + 1), count: count + 1)
        for end in 1..<(count + 1) {
            let last = series[end - 1]
            // Σ over i in a..<end−1 of |x_i − x_last|, built from a = end − 2 down to 0.
            var tail = 0.0
            var start = end - 1
            while start >= 0 {
                within[start][end] = within[start][end - 1] + tail
                if start > 0 { tail += abs(series[start - 1] - last) }
                start -= 1
            }
        }
        self.within = within
    }

    /// The candidate of `interval` (at least 2 values): the first index of Y and its Q.
    func candidate(in interval: Range<Int>) -> (index: Int, qHat: Double) {
        let start = interval.lowerBound
        let end = interval.upperBound
        var best = (index: start + 1, qHat: -Double.infinity)
        for tau in (start + 1)..<end {
            for kappa in (start + 2)...end {
                let q = kappa > tau ? value(start: start, tau: tau, kappa: kappa) : 0
                if q > best.qHat { best = (tau, q) }
            }
        }
        return best
    }

    /// Q(τ, κ) for X = x[start..<τ] and Y = x[τ..<κ].
    func value(start: Int, tau: Int, kappa: Int) -> Double {
        let n = Double(tau - start)
        let m = Double(kappa - tau)
        let between = within[start][kappa] - within[start][tau] - within[tau][kappa]
        var q = 2 / (m + n) * between
        if n > 1 { q -= 2 * m / ((m + n) * (n - 1)) * within[start][tau] }
        if m > 1 { q -= 2 * n / ((m + n) * (m - 1)) * within[tau][kappa] }
        return q
    }
}
