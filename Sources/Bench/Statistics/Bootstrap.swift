import ECS

/// A percentile-bootstrap confidence interval for the relative change of the median from a
/// baseline sample to a candidate sample: `median(candidate) / median(baseline) - 1`.
///
/// Each of `resamples` resamples draws both medians with `MedianResampler` (the exact
/// distribution of a with-replacement resample's median, in constant time) from a seeded
/// `SplitMix64`, so the interval is deterministic for a given seed and costs two sorts plus
/// `resamples` constant-time draws, whatever the sample sizes.
struct BootstrapInterval: Equatable, Sendable {
    /// Relative change of the medians of the original samples (0.1 = 10% slower).
    let change: Double
    /// Lower bound of the interval.
    let lower: Double
    /// Upper bound of the interval.
    let upper: Double

    /// Computes the interval at `confidence` (for example 0.95) from `resamples` resamples.
    /// Both samples must be non-empty and the baseline median positive.
    init(
        baseline: [Double], candidate: [Double], confidence: Double = 0.95,
        resamples: Int = 2000, seed: UInt64
    ) {
        self.init(
            MedianResampler(baseline), MedianResampler(candidate), confidence: confidence,
            resamples: resamples, seed: seed)
    }

    /// The interval from resamplers of the baseline and the candidate.
    init(
        _ before: MedianResampler, _ after: MedianResampler, confidence: Double = 0.95,
        resamples: Int = 2000, seed: UInt64
    ) {
        var generator = SplitMix64(seed: seed)
        var changes = [Double](repeating: 0, count: max(1, resamples))
        for index in changes.indices {
            let base = before.draw(using: &generator)
            changes[index] = after.draw(using: &generator) / base - 1
        }
        changes.sort()
        let tail = (1 - confidence) / 2 * 100
        change = after.median / before.median - 1
        lower = Percentiles.percentile(sorted: changes, tail)
        upper = Percentiles.percentile(sorted: changes, 100 - tail)
    }
}
