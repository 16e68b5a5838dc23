/// Turns runs into one `HistorySeries` per scenario and machine, with the commits where a
/// change of level begins.
///
/// Several runs of one commit, and the rounds of each, are repeated measurements of it: the
/// commit's value is the run figure of all its rounds (``RoundStatistics``). The change points of the series of
/// commit values come from ``ChangePointDetector`` (E-Divisive means with t-test significance,
/// as Apache Otava finds them), never from a comparison of neighbours, and must change the
/// level by more than the scenario's minimum effect (``MinimumEffect``, from the calibration
/// and the spread of rounds within each commit). Runs from different CPU models form separate
/// series, so a change of machine is never taken for a change of code.
struct HistoryBuilder: Sendable {
    /// The change point search; its `minMagnitude` is set per scenario.
    var detector = ChangePointDetector()
    /// The A/A calibration, if any.
    var calibration: NoiseCalibration? = nil
    /// The smallest minimum effect (0.01 = 1%).
    var minimumEffectFloor = 0.01

    /// The series of `runs`, which must be in time order; series appear in the order their
    /// scenarios first appear.
    func series(_ runs: [RunResult]) -> [HistorySeries] {
        let machines = Set(runs.map(\.environment.cpuModel)).count
        var names: [String] = []
        var benchmarkNames: [String: String] = [:]
        var observations: [String: [(commit: String, date: String, roundsMs: [Double])]] = [:]
        for run in runs {
            for scenario in run.scenarios {
                let benchmarkName = BenchmarkName.of(scenario.name, scenario.params)
                let name = machines > 1 ? benchmarkName + " on \(run.environment.cpuModel)" : benchmarkName
                if observations[name] == nil {
                    names.append(name)
                    benchmarkNames[name] = benchmarkName
                }
                let figures = RoundStatistics.roundFigures(scenario).map { $0 / 1e6 }
                observations[name, default: []].append((run.environment.commit, run.createdAt, figures))
            }
        }
        return names.map { name in
            series(name, calibrationName: benchmarkNames[name] ?? name, observations[name] ?? [])
        }
    }

    /// One series from its runs' observations, in time order.
    private func series(
        _ name: String, calibrationName: String, _ runs: [(commit: String, date: String, roundsMs: [Double])]
    ) -> HistorySeries {
        var commits: [String] = []
        var byCommit: [String: (date: String, runs: Int, roundsMs: [Double])] = [:]
        for run in runs {
            if let known = byCommit[run.commit] {
                byCommit[run.commit] = (known.date, known.runs + 1, known.roundsMs + run.roundsMs)
            } else {
                commits.append(run.commit)
                byCommit[run.commit] = (run.date, 1, run.roundsMs)
            }
        }
        var points: [HistoryPoint] = []
        for commit in commits {
            guard let entry = byCommit[commit] else { continue }
            let figure = RoundStatistics.runFigure(entry.roundsMs)
            points.append(
                HistoryPoint(
                    commit: commit, date: entry.date, runs: entry.runs, rounds: entry.roundsMs.count, frameMs: figure,
                    lowMs: entry.roundsMs.min() ?? figure, highMs: entry.roundsMs.max() ?? figure,
                    change: points.last.map { figure / $0.frameMs - 1 }))
        }
        let roundsPerCommit = Int(Percentiles.median(points.map { Double($0.rounds) }))
        let observed = commits.flatMap { MinimumEffect.relative(byCommit[$0]?.roundsMs ?? []) }
        let minimum = MinimumEffect(floor: minimumEffectFloor).value(
            observed: observed, sides: (roundsPerCommit, roundsPerCommit),
            calibrated: calibration?.rounds(of: calibrationName) ?? []
        ).value
        var detector = self.detector
        detector.minMagnitude = minimum
        for point in detector.changePoints(points.map(\.frameMs)) {
            points[point.index].changePoint = HistoryChange(
                change: point.forwardChange, pValue: point.pValue,
                direction: point.forwardChange > 0 ? .regression : .improvement)
        }
        return HistorySeries(scenario: name, minimumEffect: minimum, points: points)
    }
}
