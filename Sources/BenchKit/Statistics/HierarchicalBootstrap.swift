import ECS

/// A two-level bootstrap confidence interval of the relative change between two sides measured
/// in rounds: `median of round medians(after) / median of round medians(before) - 1`.
///
/// Each resample draws, on each side, as many rounds as the side has, with replacement, and for
/// each drawn round the median of a resample of its frames (``MedianResampler``, in constant
/// time); the side's statistic is the median of those round medians. Resampling the rounds
/// first carries the variance between processes, which is most of it, into the interval;
/// resampling the frames of each carries the rest (Kalibera and Jones, "Rigorous Benchmarking
/// in Reasonable Time", ISMM 2013). With one round per side it is the plain bootstrap of the
/// frames, which says nothing about the next process: `Comparator` then gives no verdict.
struct HierarchicalBootstrap: Equatable, Sendable {
    /// Relative change of the medians of round medians (0.1 = 10% slower).
    let change: Double
    /// Lower bound of the interval.
    let lower: Double
    /// Upper bound of the interval.
    let upper: Double

    /// The interval at `confidence` (for example 0.95) from `resamples` resamples of the rounds
    /// of `before` and `after` (each non-empty), drawn from a `SplitMix64` seeded with `seed`.
    init(
        before: [MedianResampler], after: [MedianResampler], confidence: Double = 0.95,
        resamples: Int = 2000, seed: UInt64
    ) {
        var generator = SplitMix64(seed: seed)
        var scratch: [Double] = []
        var changes = [Double](repeating: 0, count: max(1, resamples))
        for index in changes.indices {
            let base = Self.draw(before, scratch: &scratch, using: &generator)
            changes[index] = Self.draw(after, scratch: &scratch, using: &generator) / base - 1
        }
        changes.sort()
        let tail = (1 - confidence) / 2 * 100
        change = Percentiles.median(after.map(\.median)) / Percentiles.median(before.map(\.median)) - 1
        lower = Percentiles.percentile(sorted: changes, tail)
        upper = Percentiles.percentile(sorted: changes, 100 - tail)
    }

    /// The median of the round medians of one resample of `rounds`.
    private static func draw(
        _ rounds: [MedianResampler], scratch: inout [Double], using generator: inout SplitMix64
    ) -> Double {
        scratch.removeAll(keepingCapacity: true)
        for _ in rounds.indices {
            let round = rounds[Int(generator.next() % UInt64(rounds.count))]
            scratch.append(round.draw(using: &generator))
        }
        scratch.sort()
        return Percentiles.percentile(sorted: scratch, 50)
    }
}
