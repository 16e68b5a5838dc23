/// Turns runs into one `HistorySeries` per scenario, judging each point against the previous
/// run of the same scenario (same name and parameters) with `Comparator`, the rule of
/// `bench compare`. A point measured on another CPU model than its predecessor is not judged.
struct HistoryBuilder: Sendable {
    /// The comparison rule.
    let comparator: Comparator

    /// The series of `runs`, which must be in time order; series appear in the order their
    /// scenarios first appear.
    func series(_ runs: [RunResult]) -> [HistorySeries] {
        var series: [HistorySeries] = []
        var previous: [String: (scenario: ScenarioResult, environment: Environment)] = [:]
        for run in runs {
            for scenario in run.scenarios {
                let name = BenchmarkName.of(scenario.name, scenario.params)
                let point = self.point(
                    scenario, of: run, after: previous[name].map { ($0.scenario, $0.environment) })
                previous[name] = (scenario, run.environment)
                if let index = series.firstIndex(where: { $0.scenario == name }) {
                    series[index].points.append(point)
                } else {
                    series.append(HistorySeries(scenario: name, points: [point]))
                }
            }
        }
        return series
    }

    private func point(
        _ scenario: ScenarioResult, of run: RunResult,
        after previous: (ScenarioResult, Environment)?
    ) -> HistoryPoint {
        let median = Percentiles.median(scenario.samples.cpuNs.map { Double($0) }) / 1e6
        var point = HistoryPoint(
            commit: run.environment.commit, date: run.createdAt, medianMs: median,
            isRegression: false, change: nil, mark: "")
        guard let (before, environment) = previous else { return point }
        point.change = median / (Percentiles.median(before.samples.cpuNs.map { Double($0) }) / 1e6) - 1
        guard MachineCheck.difference(environment, run.environment) == nil else {
            point.mark = "not judged (other CPU)"
            return point
        }
        let comparison = comparator.compare(before, scenario)
        point.change = comparison.change
        point.isRegression = comparison.outcome == .regression
        point.mark = comparison.outcome.rawValue
        return point
    }
}
