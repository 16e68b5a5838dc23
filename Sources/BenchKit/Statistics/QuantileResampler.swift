import Platform

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Draws a percentile of a bootstrap resample (n values drawn with replacement from a sample of
/// n) in constant time, from the exact distribution of that percentile.
///
/// The percentile is the `Percentiles.percentile` rule (type 7): at rank h = (n − 1)·p / 100 it
/// interpolates between the order statistics k = ⌊h⌋ + 1 and k + 1 by the fraction h − ⌊h⌋.
/// With the sample sorted as x₁ ≤ … ≤ xₙ, a resample's k-th smallest value is `x[⌈n·U₍k₎⌉]`,
/// where U₍k₎, the k-th smallest of n independent uniforms, is Beta(k, n − k + 1) distributed,
/// and U₍k+1₎ = U₍k₎ + (1 − U₍k₎)·(1 − V^(1/(n − k))), V uniform: the smallest of the n − k
/// uniforms above U₍k₎. Drawing and sorting n values per resample gives the same distribution
/// in O(n log n) per resample instead of O(1). At p = 50 this is the resampled median.
struct QuantileResampler: Sendable {
    /// The sample, ascending.
    let sorted: [Double]
    /// The percentile drawn, in 0...100.
    let percentile: Double

    /// A resampler of the `percentile`th percentile (0...100) of `sample`, which must be
    /// non-empty.
    init(_ sample: [Double], percentile: Double) {
        self.init(sorted: sample.sorted(), percentile: percentile)
    }

    /// A resampler of the `percentile`th percentile (0...100) of `sorted`, which must be sorted
    /// ascending and non-empty.
    init(sorted: [Double], percentile: Double) {
        // Cannot fire from input: result files reach the statistics only through
        // `ComparableResult.load`, which refuses a scenario without samples, and a
        // measured run has at least one frame (`--frames` is 1 or more).
        precondition(!sorted.isEmpty, "bootstrap of an empty sample")
        self.sorted = sorted
        self.percentile = min(100, max(0, percentile))
    }

    /// The percentile of the sample itself.
    var value: Double { Percentiles.percentile(sorted: sorted, percentile) }

    /// The percentile of one bootstrap resample.
    func draw(using generator: inout SplitMix64) -> Double {
        let n = sorted.count
        let rank = Double(n - 1) * percentile / 100
        let k = Int(rank.rounded(.down)) + 1
        let fraction = rank - Double(k - 1)
        let lower = RandomVariates.beta(Double(k), Double(n - k + 1), using: &generator)
        guard fraction > 0, k < n else { return value(at: lower) }
        let above = 1 - pow(RandomVariates.openUniform(using: &generator), 1 / Double(n - k))
        let upper = lower + (1 - lower) * above
        let low = value(at: lower)
        return low + fraction * (value(at: upper) - low)
    }

    /// The sample quantile function: `x[⌈n·u⌉]` (1-based) for u in (0, 1).
    private func value(at u: Double) -> Double {
        let rank = Int((Double(sorted.count) * u).rounded(.up))
        return sorted[min(sorted.count, max(1, rank)) - 1]
    }
}
