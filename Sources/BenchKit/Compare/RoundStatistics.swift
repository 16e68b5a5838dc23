/// The round-level view of a scenario's result, read from the clock a frame's cost is judged on
/// (``FrameSamples/frameNs``): each round (one process) is figured by the 10th percentile of its
/// frame times, and a run of several rounds by the 10th percentile of its round figures.
///
/// Another process on the machine only ever adds time to a frame, and on a shared machine it
/// does so in spells of tenths of a second to seconds, during which the same code runs 10–30%
/// slower. Measured on an AMD EPYC (2 cores): `confetti`'s frames sit at two levels, a round's
/// median lands on either, and a run's median round lands on either too, so the minimum effect
/// of 15 rounds a side reached 19% and a 20% slowdown could not be told from A/A. The 10th
/// percentile is the cost of a round's least disturbed frames, on the lower level whenever a
/// tenth of the round ran undisturbed. A spell can also cover whole rounds: in CI on
/// 2026-12-06 about half of `confetti`'s rounds ran some 20% slower, the lower quartile of 20
/// rounds a side then landed on either level, and its minimum effect of 38% let a 20% slowdown
/// through. The 10th percentile of the rounds stays on the lower level unless nine rounds in
/// ten ran wholly disturbed. A change of the code moves both figures as much as it moves the
/// median. What they do not see is a change confined to the slowest 90% of a round's frames;
/// the budgets, judged on the p99, do.
enum RoundStatistics {
    /// The percentile of a round's frame times that is the round's figure.
    static let framePercentile = 10.0
    /// The percentile of a run's round figures that is the run's figure.
    static let roundPercentile = 10.0

    /// The figure of each round, in ns, in round order.
    static func roundFigures(_ scenario: ScenarioResult) -> [Double] {
        resamplers(scenario).map(\.value)
    }

    /// A resampler of the figure per round, in round order.
    static func resamplers(_ scenario: ScenarioResult) -> [QuantileResampler] {
        scenario.roundSamples.map {
            QuantileResampler(sorted: $0.frameNs.sorted().map { Double($0) }, percentile: framePercentile)
        }
    }

    /// The figure of a run whose rounds have the figures `figures` (non-empty).
    static func runFigure(_ figures: [Double]) -> Double {
        runFigure(sorted: figures.sorted())
    }

    /// The figure of a run whose round figures are `sorted`, ascending and non-empty.
    static func runFigure(sorted: [Double]) -> Double {
        Percentiles.percentile(sorted: sorted, roundPercentile)
    }
}
