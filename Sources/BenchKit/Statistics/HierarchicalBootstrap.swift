import Platform

/// A two-level bootstrap confidence interval of the relative change between two sides measured
/// in rounds: `runFigure(after) / runFigure(before) - 1`, where a round's figure is a percentile
/// of its frame times and a run's figure a percentile of its round figures (``RoundStatistics``).
///
/// Each resample draws, on each side, as many rounds as the side has, with replacement, and for
/// each drawn round the figure of a resample of its frames (``QuantileResampler``, in constant
/// time); the side's statistic is the run figure of those. Resampling the rounds
/// first carries the variance between processes, which is most of it, into the interval;
/// resampling the frames of each carries the rest (Kalibera and Jones, "Rigorous Benchmarking
/// in Reasonable Time", ISMM 2013). With one round per side it is the plain bootstrap of the
/// frames, which says nothing about the next process: `Comparator` then gives no verdict.
struct HierarchicalBootstrap: Equatable, Sendable {
    /// Relative change of the run figures (0.1 = 10% slower).
    let change: Double
    /// Lower bound of the interval.
    let lower: Double
    /// Upper bound of the interval.
    let upper: Double

    /// The interval at `confidence` (for example 0.95) from `resamples` resamples of the rounds
    /// of `before` and `after` (each non-empty), drawn from a `SplitMix64` seeded with `seed`.
    init(
        before: [QuantileResampler], after: [QuantileResampler], confidence: Double = 0.95,
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
        change = RoundStatistics.runFigure(after.map(\.value)) / RoundStatistics.runFigure(before.map(\.value)) - 1
        lower = Percentiles.percentile(sorted: changes, tail)
        upper = Percentiles.percentile(sorted: changes, 100 - tail)
    }

    /// The run figure of one resample of `rounds`.
    private static func draw(
        _ rounds: [QuantileResampler], scratch: inout [Double], using generator: inout SplitMix64
    ) -> Double {
        scratch.removeAll(keepingCapacity: true)
        for _ in rounds.indices {
            let round = rounds[Int(generator.next() % UInt64(rounds.count))]
            scratch.append(round.draw(using: &generator))
        }
        scratch.sort()
        return RoundStatistics.runFigure(sorted: scratch)
    }
}
