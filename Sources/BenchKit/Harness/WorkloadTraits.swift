/// A workload that judges its own result instead of the frame budget, for example audio
/// against its buffer period or the render-state cache against its documented speedup.
package protocol SelfJudgingWorkload: Workload {
    /// The verdict for the measured `samples` given the run's `settings`.
    func judge(_ samples: FrameSamples, settings: RunSettings) -> Judgement
}

/// A scenario's verdict and the figures it rests on.
package struct Judgement: Equatable, Sendable {
    /// Pass or fail (or not judged, set by the evaluator in a debug build).
    package var verdict: Verdict
    /// One line explaining the verdict.
    package var reason: String
    /// The figures the verdict rests on; it passes when every one of them passes.
    package var judged: [JudgedFigure]
    /// Further numbers to report.
    package var metrics: [String: Double] = [:]

    /// The judgement of `judged`: pass when every figure passes, fail when one does not or
    /// when there is none (a verdict must rest on a figure).
    package init(judged: [JudgedFigure], reason: String, metrics: [String: Double] = [:]) {
        verdict = !judged.isEmpty && judged.allSatisfy(\.passes) ? .pass : .fail
        self.reason = reason
        self.judged = judged
        self.metrics = metrics
    }
}

/// A workload that counts its own work (entities visited, cache hits and misses); the gate
/// compares these counters exactly against the committed thresholds.
public protocol CountingWorkload: Workload {
    /// Counters accumulated since the workload was built.
    var counters: [String: Int] { get }
}

/// A workload that promises not to allocate in its steady-state frame loop; the gate expects
/// zero allocations for it whatever the thresholds say.
public protocol AllocationFreeWorkload: Workload {}

/// A workload whose next frame needs another thread's work first (streaming voices need their
/// rings decoded ahead): the sampler waits for it before it starts the frame's clocks, so a
/// frame is timed as it runs when that work kept up, as it would in real time.
package protocol PacedWorkload: Workload {
    /// Blocks until the next frame can run without waiting for the other thread.
    func awaitNextFrame()
}

/// A workload that can save the frame it draws as a PNG (`bench --snapshot FILE.png`).
package protocol SnapshotWorkload: Workload {
    /// Writes the last frame to `path`.
    func writeSnapshot(to path: String) throws
}

/// A workload whose frame is many systems: it reports each system's time per frame, so the
/// report shows which system eats the budget.
package protocol SystemBreakdownWorkload: Workload {
    /// Each system's time in the last `frames` frames.
    func systemSamples(frames: Int) -> [SystemSamples]
}

/// A workload that runs for a stretch of real time, not for a count of frames (a sound device
/// playing for ten seconds, a frame per period): the sampler runs its ``frameCount`` frames after
/// its ``warmupCount``, in place of `--frames` and `--warmup`.
package protocol FixedLengthWorkload: Workload {
    /// Unmeasured frames before the measured ones.
    var warmupCount: Int { get }
    /// Measured frames.
    var frameCount: Int { get }
}

/// A workload whose work runs on a thread of its own, not in the frames the sampler times (a
/// sound-device output mixing on its writer thread): `bench capacity` judges the figure it
/// gives for a probe against the capacity budget, instead of the p99 frame time.
package protocol CapacityFigureWorkload: Workload {
    /// The probe's figure in nanoseconds, for the frames sampled as `samples`; infinity when
    /// the probe failed outright.
    func capacityFigureNanoseconds(_ samples: FrameSamples) -> Double
}

/// A workload whose verdict rests on its worst frame as well as its p99, whatever `--judge`
/// says: a game, where one slow frame is a hitch the player feels.
public protocol WorstFrameWorkload: Workload {}
