/// The measured and judged result of one scenario.
struct ScenarioResult: Codable, Equatable, Sendable {
    /// Scenario name, for example `calibration` or `confetti`.
    var name: String
    /// The workload's parameters; with `name` this identifies a scenario across runs.
    var params: [String: Int]
    /// Raw per-frame samples.
    var samples: FrameSamples
    /// Pass, fail or not judged.
    var verdict: Verdict
    /// One line explaining the verdict.
    var reason: String
    /// Percentiles of the measuring thread's CPU time per frame.
    var frameCPUMs: FrameTimeSummary
    /// Percentiles of wall time per frame.
    var frameWallMs: FrameTimeSummary
    /// CPU nanoseconds per entity; nil when a frame processes no entities.
    var nsPerEntity: PerEntitySummary?
    /// Median CPU frame time over the time to move the frame's bytes at the measured memory
    /// bandwidth; nil when the workload declares no bytes per frame.
    var limitRatio: Double?
    /// Measured speedup, for scenarios that check one (the render-state cache).
    var speedup: Double?
    /// Speedup the scenario must reach to pass.
    var requiredSpeedup: Double?
    /// Further numbers a scenario reports.
    var metrics: [String: Double]
    /// The figure the verdict judged against its limit (`JudgedFigure`); nil for a scenario
    /// that judged itself without naming one.
    var judged: String? = nil

    private enum CodingKeys: String, CodingKey {
        case name, params, samples, verdict, reason, speedup, metrics, judged
        case frameCPUMs = "frame_cpu_ms"
        case frameWallMs = "frame_wall_ms"
        case nsPerEntity = "ns_per_entity"
        case limitRatio = "limit_ratio"
        case requiredSpeedup = "required_speedup"
    }

    /// Encodes every field; `ns_per_entity` and `limit_ratio` are written as null when absent
    /// so that the keys are always present, `speedup`, `required_speedup` and `judged` only
    /// when set.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(params, forKey: .params)
        try container.encode(samples, forKey: .samples)
        try container.encode(verdict, forKey: .verdict)
        try container.encode(reason, forKey: .reason)
        try container.encode(frameCPUMs, forKey: .frameCPUMs)
        try container.encode(frameWallMs, forKey: .frameWallMs)
        try container.encode(nsPerEntity, forKey: .nsPerEntity)
        try container.encode(limitRatio, forKey: .limitRatio)
        try container.encodeIfPresent(speedup, forKey: .speedup)
        try container.encodeIfPresent(requiredSpeedup, forKey: .requiredSpeedup)
        try container.encode(metrics, forKey: .metrics)
        try container.encodeIfPresent(judged, forKey: .judged)
    }
}
