import ECS

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Draws the median of a bootstrap resample (n values drawn with replacement from a sample of
/// n) in constant time, from the exact distribution of that median.
///
/// With the sample sorted as x₁ ≤ … ≤ xₙ, a resample's k-th smallest value is `x[⌈n·U₍k₎⌉]`,
/// where U₍k₎, the k-th smallest of n independent uniforms, is Beta(k, n − k + 1) distributed.
/// For odd n the median is the order statistic k = (n + 1) / 2. For even n it is the mean of
/// k = n / 2 and k + 1 (the `Percentiles.median` rule), with
/// U₍k+1₎ = U₍k₎ + (1 − U₍k₎)·(1 − V^(1/(n − k))), V uniform: the smallest of the n − k
/// uniforms above U₍k₎. Drawing and sorting n values per resample gives the same distribution
/// in O(n log n) per resample instead of O(1).
struct MedianResampler: Sendable {
    /// The sample, ascending.
    let sorted: [Double]

    /// A resampler of `sample`, which must be non-empty.
    init(_ sample: [Double]) {
        self.init(sorted: sample.sorted())
    }

    /// A resampler of `sorted`, which must be sorted ascending and non-empty.
    init(sorted: [Double]) {
        // Cannot fire from input: result files reach the statistics only through
        // `ComparableResult.load`, which refuses a scenario without samples, and a
        // measured run has at least one frame (`--frames` is 1 or more).
        precondition(!sorted.isEmpty, "bootstrap of an empty sample")
        self.sorted = sorted
    }

    /// The median of the sample itself.
    var median: Double { Percentiles.percentile(sorted: sorted, 50) }

    /// The median of one bootstrap resample.
    func draw(using generator: inout SplitMix64) -> Double {
        let n = sorted.count
        let k = (n + 1) / 2
        let lower = RandomVariates.beta(Double(k), Double(n - k + 1), using: &generator)
        if n % 2 == 1 {
            return value(at: lower)
        }
        let above = 1 - pow(RandomVariates.openUniform(using: &generator), 1 / Double(n - k))
        let upper = lower + (1 - lower) * above
        return (value(at: lower) + value(at: upper)) / 2
    }

    /// The sample quantile function: `x[⌈n·u⌉]` (1-based) for u in (0, 1).
    private func value(at u: Double) -> Double {
        let rank = Int((Double(sorted.count) * u).rounded(.up))
        return sorted[min(sorted.count, max(1, rank)) - 1]
    }
}
