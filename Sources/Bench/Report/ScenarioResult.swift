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
    /// Median frame time (CPU time on one thread, wall time on several) over the time to move
    /// the frame's bytes at the memory bandwidth measured on as many threads; nil when the
    /// workload declares no bytes per frame.
    var limitRatio: Double?
    /// The bandwidth `limitRatio` divides by, in GB/s; nil when there is no ratio (and in
    /// files written before it was recorded).
    var limitBandwidth: Double? = nil
    /// Measured speedup, for scenarios that check one (the render-state cache).
    var speedup: Double?
    /// Speedup the scenario must reach to pass.
    var requiredSpeedup: Double?
    /// Further numbers a scenario reports.
    var metrics: [String: Double]
    /// The figures the verdict rests on, each against its limit; empty in files written before
    /// figures were recorded.
    var judged: [JudgedFigure] = []

    private enum CodingKeys: String, CodingKey {
        case name, params, samples, verdict, reason, speedup, metrics, judged
        case frameCPUMs = "frame_cpu_ms"
        case frameWallMs = "frame_wall_ms"
        case nsPerEntity = "ns_per_entity"
        case limitRatio = "limit_ratio"
        case limitBandwidth = "limit_gb_per_s"
        case requiredSpeedup = "required_speedup"
    }

    /// Encodes every field; `ns_per_entity`, `limit_ratio` and `limit_gb_per_s` are written as
    /// null when absent so that the keys are always present, `speedup` and `required_speedup`
    /// only when set and `judged` only when it holds a figure.
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
        try container.encode(limitBandwidth, forKey: .limitBandwidth)
        try container.encodeIfPresent(speedup, forKey: .speedup)
        try container.encodeIfPresent(requiredSpeedup, forKey: .requiredSpeedup)
        try container.encode(metrics, forKey: .metrics)
        if !judged.isEmpty {
            try container.encode(judged, forKey: .judged)
        }
    }
}

extension ScenarioResult {
    /// Decodes every field; `judged` is empty when absent or when it is the one-line text that
    /// older files hold instead of figures.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            name: try container.decode(String.self, forKey: .name),
            params: try container.decode([String: Int].self, forKey: .params),
            samples: try container.decode(FrameSamples.self, forKey: .samples),
            verdict: try container.decode(Verdict.self, forKey: .verdict),
            reason: try container.decode(String.self, forKey: .reason),
            frameCPUMs: try container.decode(FrameTimeSummary.self, forKey: .frameCPUMs),
            frameWallMs: try container.decode(FrameTimeSummary.self, forKey: .frameWallMs),
            nsPerEntity: try container.decodeIfPresent(PerEntitySummary.self, forKey: .nsPerEntity),
            limitRatio: try container.decodeIfPresent(Double.self, forKey: .limitRatio),
            limitBandwidth: try container.decodeIfPresent(Double.self, forKey: .limitBandwidth),
            speedup: try container.decodeIfPresent(Double.self, forKey: .speedup),
            requiredSpeedup: try container.decodeIfPresent(Double.self, forKey: .requiredSpeedup),
            metrics: try container.decode([String: Double].self, forKey: .metrics),
            judged: (try? container.decode(String.self, forKey: .judged)) != nil
                ? [] : try container.decodeIfPresent([JudgedFigure].self, forKey: .judged) ?? [])
    }
}
