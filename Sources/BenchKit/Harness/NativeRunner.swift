import Foundation

/// Runs scenarios with `bench`'s own sampler and judges them.
struct NativeRunner {
    /// The run's settings.
    let settings: RunSettings
    /// Whether timings are judged against budgets (false in a debug build).
    let judged: Bool
    /// Suppresses the progress bar.
    let quiet: Bool
    /// A known slowdown to add to one scenario's frames, for tests of `bench compare`.
    var slowdown: FrameSlowdown? = nil

    /// Measures `entries` in order and returns the judged run: one round, with the cores other
    /// processes kept busy while it ran.
    func run(_ entries: [ScenarioRegistry.Entry], environment: Environment, startedAt: Date)
        throws -> RunResult
    {
        let load = NeighbourLoad.read()
        let sampler = Sampler(warmup: settings.warmup, frames: settings.frames, slowdown: slowdown)
        let bandwidth = BandwidthCalibration()
        var results: [ScenarioResult] = []
        for entry in entries {
            let workload = try entry.make(settings)
            let progress = ProgressBar(label: entry.name, quiet: quiet)
            let samples = sampler.measure(workload, progress: progress)
            progress?.finish()
            if let path = settings.snapshot, let drawing = workload as? SnapshotWorkload {
                try drawing.writeSnapshot(to: path)
            }
            let evaluator = ScenarioEvaluator(settings: settings, bandwidth: bandwidth, judged: judged)
            results.append(evaluator.evaluate(workload, samples: samples))
        }
        return RunResult(
            schema: RunResult.currentSchema,
            createdAt: RunReport.isoTime(startedAt),
            environment: environment,
            settings: settings,
            scenarios: results,
            verdict: Verdict.overall(results.map(\.verdict)),
            rounds: [
                RoundRecord(
                    index: 0, createdAt: RunReport.isoTime(startedAt), loadAverage: environment.loadAverage,
                    neighbourLoad: NeighbourLoad.cores(from: load, to: NeighbourLoad.read()))
            ]
        )
    }
}
