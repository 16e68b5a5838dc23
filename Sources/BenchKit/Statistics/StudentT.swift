#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Student's two-sample t-test with pooled variance, as SciPy's
/// `ttest_ind_from_stats(mean1, std1, n1, mean2, std2, n2)` computes it (equal variances,
/// two-sided).
enum StudentT {
    /// The two-sided p-value for samples summarised by their means, standard deviations and
    /// sizes (each at least 1, together at least 3). Variances equal to 0 on both sides give 0
    /// when the means differ and nan when they are equal, as SciPy does.
    static func pValue(
        mean1: Double, std1: Double, count1: Int, mean2: Double, std2: Double, count2: Int
    ) -> Double {
        let n1 = Double(count1)
        let n2 = Double(count2)
        let degrees = n1 + n2 - 2
        let pooled = ((n1 - 1) * std1 * std1 + (n2 - 1) * std2 * std2) / degrees
        let error = (pooled * (1 / n1 + 1 / n2)).squareRoot()
        let t = (mean1 - mean2) / error
        guard !t.isNaN else { return .nan }
        guard t.isFinite else { return 0 }
        return twoSidedTail(t, degrees: degrees)
    }

    /// P(|T| >= |t|) for Student's t with `degrees` degrees of freedom:
    /// `I_{ν/(ν+t²)}(ν/2, 1/2)`.
    static func twoSidedTail(_ t: Double, degrees: Double) -> Double {
        min(1, max(0, regularizedIncompleteBeta(degrees / (degrees + t * t), degrees / 2, 0.5)))
    }

    /// The regularized incomplete beta function `I_x(a, b)` for x in 0...1 and a, b > 0, by its
    /// continued fraction (modified Lentz; Numerical Recipes, 3rd ed., section 6.4), evaluated
    /// on the side of x where it converges fast.
    static func regularizedIncompleteBeta(_ x: Double, _ a: Double, _ b: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        let logFront = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log(1 - x)
        if x < (a + 1) / (a + b + 2) {
            return exp(logFront) * continuedFraction(x, a, b) / a
        }
        return 1 - exp(logFront) * continuedFraction(1 - x, b, a) / b
    }

    /// The continued fraction of `I_x(a, b)`, to relative precision 1e-15.
    private static func continuedFraction(_ x: Double, _ a: Double, _ b: Double) -> Double {
        let tiny = 1e-300
        var c = 1.0
        var d = 1 - (a + b) * x / (a + 1)
        d = abs(d) < tiny ? tiny : d
        d = 1 / d
        var result = d
        for m in 1...10_000 {
            let m = Double(m)
            let even = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m))
            d = 1 + even * d
            d = abs(d) < tiny ? tiny : d
            c = 1 + even / c
            c = abs(c) < tiny ? tiny : c
            d = 1 / d
            result *= d * c
            let odd = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
            d = 1 + odd * d
            d = abs(d) < tiny ? tiny : d
            c = 1 + odd / c
            c = abs(c) < tiny ? tiny : c
            d = 1 / d
            let step = d * c
            result *= step
            if abs(step - 1) < 1e-15 { break }
        }
        return result
    }
}
