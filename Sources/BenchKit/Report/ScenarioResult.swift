/// The measured and judged result of one scenario.
struct ScenarioResult: Codable, Equatable, Sendable {
    /// Scenario name, for example `calibration` or `confetti`.
    var name: String
    /// The workload's parameters; with `name` this identifies a scenario across runs.
    var params: [String: Int]
    /// Raw per-frame samples, round after round.
    var samples: FrameSamples
    /// Frames of each round in `samples`, in round order; nil when the samples are one round.
    var roundFrames: [Int]? = nil
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
    /// Instructions per measured frame, counted by callgrind (`--count-instructions`); nil
    /// when not counted.
    var instructionsPerFrame: Double? = nil
    /// Each system's time per measured frame, for a scenario made of systems (`game`); empty
    /// otherwise.
    var systems: [SystemSamples] = []
    /// The frames over the hitch threshold, on the judged clock; nil in files written before
    /// hitches were counted.
    var hitches: HitchSummary? = nil

    private enum CodingKeys: String, CodingKey {
        case name, params, samples, verdict, reason, speedup, metrics, judged, hitches
        case roundFrames = "round_frames"
        case instructionsPerFrame = "instructions_per_frame"
        case systems
        case frameCPUMs = "frame_cpu_ms"
        case frameWallMs = "frame_wall_ms"
        case nsPerEntity = "ns_per_entity"
        case limitRatio = "limit_ratio"
        case limitBandwidth = "limit_gb_per_s"
        case requiredSpeedup = "required_speedup"
    }

    /// Encodes every field; `ns_per_entity`, `limit_ratio` and `limit_gb_per_s` are written as
    /// null when absent so that the keys are always present, `round_frames`, `speedup`,
    /// `required_speedup`, `instructions_per_frame` and `hitches` only when set, and `judged` and
    /// `systems` only when they hold something.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(params, forKey: .params)
        try container.encode(samples, forKey: .samples)
        try container.encodeIfPresent(roundFrames, forKey: .roundFrames)
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
        try container.encodeIfPresent(instructionsPerFrame, forKey: .instructionsPerFrame)
        if !systems.isEmpty {
            try container.encode(systems, forKey: .systems)
        }
        try container.encodeIfPresent(hitches, forKey: .hitches)
    }
}

extension ScenarioResult {
    /// Decodes every field; `judged` is empty when absent or when it is the one-line text that
    /// older files hold instead of figures. Throws `DecodingError.dataCorrupted` when
    /// `round_frames` holds a count below 1 or does not add up to the samples.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let samples = try container.decode(FrameSamples.self, forKey: .samples)
        let roundFrames = try container.decodeIfPresent([Int].self, forKey: .roundFrames)
        if let roundFrames, roundFrames.isEmpty || roundFrames.contains(where: { $0 < 1 })
            || roundFrames.reduce(0, +) != samples.cpuNs.count
        {
            throw DecodingError.dataCorruptedError(
                forKey: .roundFrames, in: container,
                debugDescription: "round counts \(roundFrames) do not split \(samples.cpuNs.count) samples into rounds of at least one frame")
        }
        self.init(
            name: try container.decode(String.self, forKey: .name),
            params: try container.decode([String: Int].self, forKey: .params),
            samples: samples,
            roundFrames: roundFrames,
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
                ? [] : try container.decodeIfPresent([JudgedFigure].self, forKey: .judged) ?? [],
            instructionsPerFrame: try container.decodeIfPresent(Double.self, forKey: .instructionsPerFrame),
            systems: try container.decodeIfPresent([SystemSamples].self, forKey: .systems) ?? [],
            hitches: try container.decodeIfPresent(HitchSummary.self, forKey: .hitches))
    }
}

extension ScenarioResult {
    /// The samples of each round, in round order (one round when `roundFrames` is nil).
    var roundSamples: [FrameSamples] {
        guard let roundFrames else { return [samples] }
        var start = 0
        return roundFrames.map { count in
            defer { start += count }
            return samples.frames(start..<start + count)
        }
    }
}
