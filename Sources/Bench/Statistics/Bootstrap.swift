import ECS
/// A percentile-bootstrap confidence interval for the relative change of the median from a
/// baseline sample to a candidate sample: `median(candidate) / median(baseline) - 1`.
///
/// Each resample draws both samples with replacement using a seeded `SplitMix64`, so the
/// interval is deterministic for a given seed.
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
        precondition(!baseline.isEmpty && !candidate.isEmpty, "bootstrap of an empty sample")
        var generator = SplitMix64(seed: seed)
        var changes = [Double](repeating: 0, count: max(1, resamples))
        var baseDraw = baseline
        var candidateDraw = candidate
        for index in changes.indices {
            Self.resample(baseline, into: &baseDraw, using: &generator)
            Self.resample(candidate, into: &candidateDraw, using: &generator)
            changes[index] = Self.relativeChange(baseDraw, candidateDraw)
        }
        changes.sort()
        let tail = (1 - confidence) / 2 * 100
        change = Self.relativeChange(baseline, candidate)
        lower = Percentiles.percentile(sorted: changes, tail)
        upper = Percentiles.percentile(sorted: changes, 100 - tail)
    }

    /// `median(candidate) / median(baseline) - 1`.
    static func relativeChange(_ baseline: [Double], _ candidate: [Double]) -> Double {
        Percentiles.median(candidate) / Percentiles.median(baseline) - 1
    }

    private static func resample(
        _ source: [Double], into draw: inout [Double], using generator: inout SplitMix64
    ) {
        for index in draw.indices {
            draw[index] = source[Int.random(in: 0..<source.count, using: &generator)]
        }
    }
}
