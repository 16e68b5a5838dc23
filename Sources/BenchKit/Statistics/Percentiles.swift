/// Order statistics on samples.
///
/// Percentiles use linear interpolation between closest ranks (NumPy's default `linear`
/// method, Hyndman and Fan type 7): for `n` sorted values and `p` in 0...100 the rank is
/// `h = (n - 1) * p / 100`, and the result is `x[⌊h⌋] + (h - ⌊h⌋) * (x[⌊h⌋ + 1] - x[⌊h⌋])`.
/// So p0 is the minimum, p100 the maximum and p50 the median.
package enum Percentiles {
    /// The `p`th percentile (0...100) of `sorted`, which must be sorted ascending and
    /// non-empty.
    package static func percentile(sorted: [Double], _ p: Double) -> Double {
        // Cannot fire from input: result files reach the statistics only through
        // `ComparableResult.load`, which refuses a scenario without samples, and a
        // measured run has at least one frame (`--frames` is 1 or more).
        precondition(!sorted.isEmpty, "percentile of an empty sample")
        let clamped = min(100, max(0, p))
        let rank = Double(sorted.count - 1) * clamped / 100
        let lower = Int(rank.rounded(.down))
        let upper = min(lower + 1, sorted.count - 1)
        let fraction = rank - Double(lower)
        return sorted[lower] + fraction * (sorted[upper] - sorted[lower])
    }

    /// The median (p50) of `values`, which need not be sorted; `values` must be non-empty.
    package static func median(_ values: [Double]) -> Double {
        percentile(sorted: values.sorted(), 50)
    }

    /// The median absolute deviation from the median, unscaled (no 1.4826 factor).
    package static func medianAbsoluteDeviation(_ values: [Double]) -> Double {
        let center = median(values)
        return median(values.map { abs($0 - center) })
    }
}
