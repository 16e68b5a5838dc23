/// Joins the results of rounds, each measured by one process, into one run.
///
/// A scenario's samples are the rounds' samples one after the other, with `round_frames`
/// saying where each round ends, and its frame-time percentiles are those of all the frames.
/// Its verdict is judged on the median round: each figure a verdict rests on (the p99 CPU time
/// against the budget, a speedup against its floor) takes its median over the rounds, so one
/// round disturbed by a neighbour can neither fail nor pass the run. Ratios (limit ratio,
/// bandwidth, ns per entity) and metrics take their medians too; an instruction count, which
/// does not vary, is taken from the round that counted it.
enum RoundMerger {
    /// The run made of `rounds` (at least one), which must measure the same scenarios in the
    /// same order; `records` describe them, one per round. Throws `BenchError.invalidArgument`
    /// when the rounds do not match.
    static func merge(_ rounds: [RunResult], records: [RoundRecord]) throws -> RunResult {
        guard let first = rounds.first, rounds.count == records.count else {
            throw BenchError.invalidArgument("a run needs one record per round and at least one round")
        }
        let names = first.scenarios.map { BenchmarkName.of($0.name, $0.params) }
        for round in rounds.dropFirst() where round.scenarios.map({ BenchmarkName.of($0.name, $0.params) }) != names {
            throw BenchError.invalidArgument(
                "round \(round.rounds.first?.index ?? 0) measured other scenarios than the first round")
        }
        let scenarios = names.indices.map { index in merge(rounds.map { $0.scenarios[index] }) }
        var run = first
        run.schema = RunResult.currentSchema
        run.scenarios = scenarios
        run.verdict = Verdict.overall(scenarios.map(\.verdict))
        run.rounds = records
        return run
    }

    /// One scenario measured in several rounds (at least one), as one result.
    static func merge(_ rounds: [ScenarioResult]) -> ScenarioResult {
        guard rounds.count > 1 else { return rounds[0] }
        var merged = rounds[0]
        let samples = FrameSamples.joined(rounds.flatMap(\.roundSamples))
        merged.samples = samples
        merged.roundFrames = rounds.flatMap { $0.roundSamples.map(\.cpuNs.count) }
        merged.frameCPUMs = FrameTimeSummary(nanoseconds: samples.cpuNs)
        merged.frameWallMs = FrameTimeSummary(nanoseconds: samples.wallNs)
        merged.nsPerEntity = medianPerEntity(rounds.compactMap(\.nsPerEntity))
        merged.limitRatio = median(rounds.compactMap(\.limitRatio))
        merged.limitBandwidth = median(rounds.compactMap(\.limitBandwidth))
        merged.instructionsPerFrame = rounds.lazy.compactMap(\.instructionsPerFrame).first
        merged.hitches = HitchSummary.joined(rounds.compactMap { round in round.hitches.map { ($0, round.samples.cpuNs.count) } })
        merged.systems = rounds[0].systems.indices.map { index in
            SystemSamples(name: rounds[0].systems[index].name, wallNs: rounds.flatMap { $0.systems.count > index ? $0.systems[index].wallNs : [] })
        }
        merged.metrics = rounds[0].metrics.keys.reduce(into: [:]) { metrics, key in
            metrics[key] = median(rounds.compactMap { $0.metrics[key] })
        }
        let figureNames = rounds[0].judged.map(\.name)
        if !figureNames.isEmpty, rounds.allSatisfy({ $0.judged.map(\.name) == figureNames }) {
            merged.judged = figureNames.indices.map { index in
                var figure = rounds[0].judged[index]
                figure.value = median(rounds.map { $0.judged[index].value }) ?? figure.value
                return figure
            }
            let ratio = merged.judged.first { $0.unit == .ratio }
            merged.speedup = ratio?.value
            merged.requiredSpeedup = ratio?.limit
            if merged.verdict != .notJudged {
                merged.verdict = merged.judged.allSatisfy(\.passes) ? .pass : .fail
            }
            let summary = JudgedFigure.summary(of: merged.judged, judged: merged.verdict != .notJudged) ?? ""
            merged.reason = "median of \(rounds.count) rounds: \(summary)"
        } else {
            merged.verdict = Verdict.overall(rounds.map(\.verdict))
            let failed = rounds.filter { $0.verdict == .fail }.count
            merged.reason = "\(failed) of \(rounds.count) rounds failed; first round: \(rounds[0].reason)"
        }
        return merged
    }

    /// The median of `values`, nil when there are none.
    private static func median(_ values: [Double]) -> Double? {
        values.isEmpty ? nil : Percentiles.median(values)
    }

    /// The median round's ns per entity, with the fastest and slowest frame of all rounds.
    private static func medianPerEntity(_ rounds: [PerEntitySummary]) -> PerEntitySummary? {
        guard var summary = rounds.first else { return nil }
        summary.p50 = Percentiles.median(rounds.map(\.p50))
        summary.min = rounds.map(\.min).min() ?? summary.min
        summary.max = rounds.map(\.max).max() ?? summary.max
        return summary
    }
}
