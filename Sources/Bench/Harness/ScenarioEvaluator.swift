/// Turns a workload's raw samples into a judged `ScenarioResult`.
struct ScenarioEvaluator {
    /// The run's settings (frame budget).
    let settings: RunSettings
    /// The reference bandwidths `limit_ratio` divides by, nil to report no ratio.
    let bandwidth: BandwidthCalibration?
    /// Whether timings are judged; false in a debug build.
    let judged: Bool

    /// The result of `workload` measured as `samples` (at least one frame), with the figure
    /// its verdict judged: the budget's p99, or a self-judging workload's own figure (its
    /// speedup when it names none).
    func evaluate(_ workload: any Workload, samples: FrameSamples) -> ScenarioResult {
        let cpu = FrameTimeSummary(nanoseconds: samples.cpuNs)
        let wall = FrameTimeSummary(nanoseconds: samples.wallNs)
        let selfJudging = workload as? any SelfJudgingWorkload
        var judgement =
            selfJudging?.judge(samples, settings: settings)
            ?? BudgetJudge.judge(
                cpu: cpu, wall: wall, parallel: workload.isParallel, budgetMs: settings.budgetMs)
        if !judged {
            judgement.verdict = .notJudged
            judgement.reason = "debug build: timings not judged against budgets"
        }
        let figure =
            selfJudging == nil
            ? FigureText.budget(
                cpu: cpu, wall: wall, parallel: workload.isParallel, budgetMs: settings.budgetMs,
                verdict: judgement.verdict)
            : judgement.figure
                ?? judgement.requiredSpeedup.map {
                    FigureText.speedup(judgement.speedup ?? 0, required: $0, verdict: judgement.verdict)
                }
        let entities = workload.entitiesPerFrame
        return ScenarioResult(
            name: workload.name,
            params: workload.params,
            samples: samples,
            verdict: judgement.verdict,
            reason: judgement.reason,
            frameCPUMs: cpu,
            frameWallMs: wall,
            nsPerEntity: entities > 0
                ? PerEntitySummary(nanoseconds: samples.cpuNs, entities: entities) : nil,
            limitRatio: bandwidth?.bandwidth(bytesPerFrame: workload.bytesPerFrame)?.limitRatio(
                nsPerFrame: cpu.p50 * 1e6, bytesPerFrame: workload.bytesPerFrame),
            speedup: judgement.speedup,
            requiredSpeedup: judgement.requiredSpeedup,
            metrics: judgement.metrics,
            judged: figure
        )
    }
}
