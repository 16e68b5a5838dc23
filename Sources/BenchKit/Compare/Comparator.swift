/// Compares two runs scenario by scenario on round-level statistics.
///
/// Each round (one process) gives one number per scenario, its figure (``RoundStatistics``: the
/// 10th percentile of its frame times); the rounds are the samples, because most of the variance
/// lies between processes, and frames of one process are not independent of each other. A
/// scenario regressed when all of these hold:
/// - the candidate's run figure (the 10th percentile of its round figures) exceeds the
///   baseline's by more than the
///   scenario's minimum effect (``MinimumEffect``: what A/A comparisons stay below);
/// - the hierarchical bootstrap 95% interval of that change lies above 0;
/// - a two-sided Mann-Whitney U test of the round figures gives p < `alpha`.
/// An improvement is the mirror image. Either is advisory, and never fails a build, when the
/// runs cannot carry a verdict (``RoundCheck``: too few rounds, or a machine busier on one
/// side).
struct Comparator: Sendable {
    /// Significance level of the Mann-Whitney U test of round figures.
    var alpha: Double = 0.01
    /// Seed of the bootstrap and of the minimum effect's draws.
    var seed: UInt64 = 12345
    /// The A/A calibration, if any.
    var calibration: NoiseCalibration? = nil
    /// The smallest minimum effect (0.01 = 1%).
    var minimumEffectFloor = 0.01

    /// The comparison of `candidate` against `baseline`; `names` name the two runs in notes.
    func compare(
        baseline: RunResult, candidate: RunResult, names: (String, String) = ("baseline", "candidate")
    ) -> ComparisonReport {
        let advisory = RoundCheck.withheld((baseline, names.0), (candidate, names.1))
        var comparisons: [ScenarioComparison] = []
        var unmatched: [String] = []
        for scenario in baseline.scenarios {
            guard
                let other = candidate.scenarios.first(where: {
                    $0.name == scenario.name && $0.params == scenario.params
                })
            else {
                unmatched.append(scenario.name)
                continue
            }
            var comparison = compare(scenario, other)
            comparison.advisory = advisory
            comparisons.append(comparison)
        }
        let matchedNames = Set(comparisons.map(\.name))
        unmatched += candidate.scenarios.map(\.name).filter { !matchedNames.contains($0) }
        let notes = advisory.map { ["advisory: \($0)"] } ?? []
        return ComparisonReport(scenarios: comparisons, unmatched: unmatched, notes: notes)
    }

    /// The comparison of one scenario's rounds, as a verdict (`advisory` nil).
    func compare(_ baseline: ScenarioResult, _ candidate: ScenarioResult) -> ScenarioComparison {
        let before = RoundStatistics.resamplers(baseline)
        let after = RoundStatistics.resamplers(candidate)
        let beforeFigures = before.map(\.value)
        let afterFigures = after.map(\.value)
        let interval = HierarchicalBootstrap(before: before, after: after, seed: seed)
        let test = MannWhitneyU(beforeFigures, afterFigures)
        let name = BenchmarkName.of(baseline.name, baseline.params)
        let minimum = MinimumEffect(floor: minimumEffectFloor, seed: seed).value(
            observed: MinimumEffect.relative(beforeFigures) + MinimumEffect.relative(afterFigures),
            sides: (before.count, after.count), calibrated: calibration?.rounds(of: name) ?? [])
        let significant = test.pValue < alpha
        let outcome: ScenarioComparison.Outcome =
            significant && interval.lower > 0 && interval.change > minimum.value ? .regression
            : significant && interval.upper < 0 && interval.change < -minimum.value ? .improvement : .unchanged
        let instructionChange = baseline.instructionsPerFrame.flatMap { old in
            candidate.instructionsPerFrame.map { old > 0 ? $0 / old - 1 : 0 }
        }
        return ScenarioComparison(
            name: baseline.name,
            params: baseline.params,
            baselineRounds: before.count,
            candidateRounds: after.count,
            baselineFrameMs: RoundStatistics.runFigure(beforeFigures) / 1e6,
            candidateFrameMs: RoundStatistics.runFigure(afterFigures) / 1e6,
            change: interval.change,
            changeLower: interval.lower,
            changeUpper: interval.upper,
            pValue: test.pValue,
            minimumEffect: minimum.value,
            minimumEffectSource: minimum.source,
            outcome: outcome,
            instructionChange: instructionChange
        )
    }
}
