/// A workload that judges its own result instead of the frame budget, for example audio
/// against its buffer period or the render-state cache against its documented speedup.
protocol SelfJudgingWorkload: Workload {
    /// The verdict for the measured `samples` given the run's `settings`.
    func judge(_ samples: FrameSamples, settings: RunSettings) -> Judgement
}

/// A scenario's own verdict and the numbers behind it.
struct Judgement: Equatable, Sendable {
    /// Pass or fail.
    var verdict: Verdict
    /// One line explaining the verdict.
    var reason: String
    /// Measured speedup, when the check is about one.
    var speedup: Double?
    /// Speedup required to pass.
    var requiredSpeedup: Double?
    /// The figure the verdict was judged on, when one figure decides it.
    var judged: JudgedFigure?
    /// Further numbers to report.
    var metrics: [String: Double] = [:]
    /// The figure the verdict judged against its limit, a few characters for the terminal
    /// table (for example "median 15.2 ms ≤ 16"); nil to show the speedup or the reason.
    var figure: String? = nil
}

/// A workload that counts its own work (entities visited, cache hits and misses); the gate
/// compares these counters exactly against the committed thresholds.
protocol CountingWorkload: Workload {
    /// Counters accumulated since the workload was built.
    var counters: [String: Int] { get }
}

/// A workload that promises not to allocate in its steady-state frame loop; the gate expects
/// zero allocations for it whatever the thresholds say.
protocol AllocationFreeWorkload: Workload {}

/// A workload that can save the frame it draws as a PNG (`bench --snapshot FILE.png`).
protocol SnapshotWorkload: Workload {
    /// Writes the last frame to `path`.
    func writeSnapshot(to path: String) throws
}
