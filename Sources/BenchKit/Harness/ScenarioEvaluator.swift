/// Turns a workload's raw samples into a judged `ScenarioResult`.
struct ScenarioEvaluator {
    /// The run's settings (frame budget).
    let settings: RunSettings
    /// The reference bandwidths `limit_ratio` divides by, nil to report no ratio.
    let bandwidth: BandwidthCalibration?
    /// Whether timings are judged; false in a debug build.
    let judged: Bool

    /// The result of `workload` measured as `samples` (at least one frame), with the figures
    /// its verdict rests on: the budget's (see ``BudgetJudge``), or a self-judging workload's own figures. The
    /// first ratio figure is also reported as the speedup and the required speedup. Hitches
    /// are counted on the clock a budget verdict uses: CPU time on one thread, wall time on several.
    func evaluate(_ workload: any Workload, samples: FrameSamples) -> ScenarioResult {
        let cpu = FrameTimeSummary(nanoseconds: samples.cpuNs)
        let wall = FrameTimeSummary(nanoseconds: samples.wallNs)
        let hitches = HitchSummary(
            nanoseconds: workload.isParallel ? samples.wallNs : samples.cpuNs, thresholdMs: settings.hitchThresholdMs,
            fps: settings.fps)
        var judgement =
            (workload as? any SelfJudgingWorkload)?.judge(samples, settings: settings)
            ?? BudgetJudge.judge(
                samples, parallel: workload.isParallel, settings: settings, hitches: hitches,
                worstFrame: workload is any WorstFrameWorkload)
        if !judged {
            judgement.verdict = .notJudged
            judgement.reason = "debug build: timings not judged against budgets"
        }
        let ratio = judgement.judged.first { $0.unit == .ratio }
        let entities = workload.entitiesPerFrame
        let reference = bandwidth?.bandwidth(bytesPerFrame: workload.bytesPerFrame, threads: workload.frameThreads)
        // A parallel frame's cost is its elapsed time, which the measuring thread's clock
        // does not cover.
        let frameMs = workload.isParallel ? wall.p50 : cpu.p50
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
            limitRatio: reference?.limitRatio(nsPerFrame: frameMs * 1e6, bytesPerFrame: workload.bytesPerFrame),
            limitBandwidth: reference?.bytesPerNs,
            speedup: ratio?.value,
            requiredSpeedup: ratio?.limit,
            metrics: judgement.metrics,
            judged: judgement.judged,
            systems: (workload as? any SystemBreakdownWorkload)?.systemSamples(frames: samples.cpuNs.count) ?? [],
            hitches: hitches
        )
    }
}
