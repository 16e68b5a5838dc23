#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The two-sided Mann-Whitney U test of two independent samples.
///
/// Ties get average ranks. When both samples have more than 8 values, or any value is tied,
/// the p-value comes from the normal approximation with tie correction and continuity
/// correction; otherwise from the exact distribution of U. This is the rule of SciPy's
/// `mannwhitneyu(x, y, alternative="two-sided", method="auto")`.
struct MannWhitneyU: Equatable, Sendable {
    /// How the p-value was computed.
    enum Method: String, Sendable {
        /// From the exact null distribution of U.
        case exact
        /// From the normal approximation.
        case asymptotic
    }

    /// U of the first sample: the number of pairs in which its value is larger, ties counting
    /// one half.
    let u: Double
    /// Two-sided p-value, in 0...1.
    let pValue: Double
    /// The method used for `pValue`.
    let method: Method

    /// Tests `x` against `y`; both must be non-empty. Takes O(n log n) time for n values in
    /// all: each sample is sorted once and the two are merged to rank the pooled values.
    init(_ x: [Double], _ y: [Double]) {
        self.init(sorted: x.sorted(), y.sorted())
    }

    /// Tests `x` against `y`, both sorted ascending and non-empty, in O(n) time.
    init(sorted x: [Double], _ y: [Double]) {
        // Cannot fire from input: result files reach the statistics only through
        // `ComparableResult.load`, which refuses a scenario without samples, and a
        // measured run has at least one frame (`--frames` is 1 or more).
        precondition(!x.isEmpty && !y.isEmpty, "Mann-Whitney U of an empty sample")
        let ranking = PooledRanking(sorted: x, y)
        let n1 = Double(x.count)
        let n2 = Double(y.count)
        u = ranking.firstRankSum - n1 * (n1 + 1) / 2
        let larger = max(u, n1 * n2 - u)
        if (x.count > 8 && y.count > 8) || ranking.tieTerm > 0 {
            method = .asymptotic
            let n = n1 + n2
            let mean = n1 * n2 / 2
            let variance = n1 * n2 / 12 * ((n + 1) - ranking.tieTerm / (n * (n - 1)))
            let z = variance > 0 ? (larger - mean - 0.5) / variance.squareRoot() : 0
            pValue = min(1, max(0, erfc(z / 2.0.squareRoot())))
        } else {
            method = .exact
            pValue = min(1, 2 * Self.exactUpperTail(Int(larger), x.count, y.count))
        }
    }

    /// P(U >= u) under the null hypothesis for samples of sizes `m` and `n`. The counts of
    /// arrangements per U are the coefficients of the Gaussian binomial `[m + n choose m]_q`,
    /// built as the product of `(1 - q^(n + i)) / (1 - q^i)` for i in 1...min(m, n).
    static func exactUpperTail(_ u: Int, _ m: Int, _ n: Int) -> Double {
        let small = min(m, n)
        let large = max(m, n)
        let maxU = small * large
        var counts = [Double](repeating: 0, count: maxU + 1)
        counts[0] = 1
        for i in 1...small {
            let shift = large + i
            if shift <= maxU {
                for k in stride(from: maxU, through: shift, by: -1) {
                    counts[k] -= counts[k - shift]
                }
            }
            if i <= maxU {
                for k in i...maxU {
                    counts[k] += counts[k - i]
                }
            }
        }
        let total = counts.reduce(0, +)
        let tail = u <= 0 ? total : counts[min(u, maxU + 1)...].reduce(0, +)
        return tail / total
    }
}

