/// Compares the per-thread CPU frame times of two runs, scenario by scenario.
///
/// Scenarios are matched by name and parameters. A scenario regressed when the Mann-Whitney U
/// test rejects equal distributions at `alpha` and the median grew by more than the noise
/// floor; both conditions keep noise from failing a build.
struct Comparator: Sendable {
    /// Smallest relative change of the median that counts (0.05 = 5%).
    var noiseFloor: Double = 0.05
    /// Significance level of the Mann-Whitney U test.
    var alpha: Double = 0.01
    /// Seed of the bootstrap.
    var seed: UInt64 = 12345

    /// The comparison of `candidate` against `baseline`.
    func compare(baseline: RunResult, candidate: RunResult) -> ComparisonReport {
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
            comparisons.append(compare(scenario, other))
        }
        let matchedNames = Set(comparisons.map(\.name))
        unmatched += candidate.scenarios.map(\.name).filter { !matchedNames.contains($0) }
        return ComparisonReport(scenarios: comparisons, unmatched: unmatched)
    }

    /// The comparison of one scenario's samples; each side is sorted once, for the medians,
    /// the test and the interval.
    func compare(_ baseline: ScenarioResult, _ candidate: ScenarioResult) -> ScenarioComparison {
        let before = MedianResampler(sorted: baseline.samples.cpuNs.sorted().map { Double($0) })
        let after = MedianResampler(sorted: candidate.samples.cpuNs.sorted().map { Double($0) })
        let interval = BootstrapInterval(before, after, seed: seed)
        let test = MannWhitneyU(sorted: before.sorted, after.sorted)
        let significant = test.pValue < alpha
        let outcome: ScenarioComparison.Outcome =
            significant && interval.change > noiseFloor ? .regression
            : significant && interval.change < -noiseFloor ? .improvement : .unchanged
        return ScenarioComparison(
            name: baseline.name,
            params: baseline.params,
            baselineMedianMs: before.median / 1e6,
            candidateMedianMs: after.median / 1e6,
            change: interval.change,
            changeLower: interval.lower,
            changeUpper: interval.upper,
            pValue: test.pValue,
            outcome: outcome
        )
    }
}
