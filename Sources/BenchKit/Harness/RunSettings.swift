/// The settings of a run, handed to every scenario factory and kept in the result file.
public struct RunSettings: Codable, Equatable, Sendable {
    /// Particles (or entities) per frame for scenarios that scale with `--particles`.
    public var particles: Int
    /// Measured frames per scenario.
    public var frames: Int
    /// Unmeasured warmup frames per scenario.
    public var warmup: Int
    /// Target frame rate; the frame budget is `1000 / fps` ms.
    public var fps: Double
    /// Seed for every random choice of the run.
    public var seed: UInt64
    /// Worker threads a parallel scenario may use.
    public var threads: Int
    /// Where a rendering scenario writes its PNG snapshot, if asked to.
    public var snapshot: String?
    /// The options the selected scenarios declare (``ScenarioOption``), as given on the command
    /// line or by their defaults; an option without a default that was not given is absent.
    public var options: [String: OptionValue]
    /// The frame-time statistics a budget verdict rests on (`--judge`): the p99, the worst
    /// frame, or both; a scenario may add its own (``WorstFrameWorkload``).
    public var judge: Set<FrameStatistic> = [.p99]
    /// The frame time above which a frame is a hitch, in milliseconds (`--hitch-threshold`);
    /// nil for half the frame budget (``hitchThresholdMs``).
    public var hitchThreshold: Double?
    /// The most hitch time a verdict allows, in milliseconds per second of play
    /// (`--hitch-budget`); nil reports hitches without judging them.
    public var hitchBudget: Double?

    /// Settings with the given values.
    public init(
        particles: Int, frames: Int, warmup: Int, fps: Double, seed: UInt64, threads: Int, snapshot: String? = nil,
        options: [String: OptionValue] = [:]
    ) {
        self.particles = particles
        self.frames = frames
        self.warmup = warmup
        self.fps = fps
        self.seed = seed
        self.threads = threads
        self.snapshot = snapshot
        self.options = options
    }

    /// The whole number option `name`, nil when it is unset or not a whole number.
    public func integer(_ name: String) -> Int? {
        if case .integer(let value) = options[name] { return value }
        return nil
    }

    /// The number option `name` (a whole number too), nil when it is unset.
    public func number(_ name: String) -> Double? {
        switch options[name] {
        case .number(let value): value
        case .integer(let value): Double(value)
        default: nil
        }
    }

    /// Whether the flag option `name` was given.
    public func flag(_ name: String) -> Bool {
        if case .flag(let value) = options[name] { return value }
        return false
    }

    /// The text or choice option `name`, nil when it is unset.
    public func text(_ name: String) -> String? {
        if case .text(let value) = options[name] { return value }
        return nil
    }

    /// The values of the repeatable option `name`, in order; empty when none was given.
    public func texts(_ name: String) -> [String] {
        if case .texts(let values) = options[name] { return values }
        return []
    }

    /// The frame rate as text: "60" for a whole number, else "59.94".
    var fpsText: String {
        fps.rounded() == fps && abs(fps) < 1e9 ? String(Int(fps)) : String(fps)
    }

    /// The frame budget in milliseconds.
    public var budgetMs: Double { 1000 / fps }

    /// The frame budget in nanoseconds.
    public var budgetNs: Double { 1e9 / fps }

    /// The frame time above which a frame is a hitch: ``hitchThreshold``, or half the budget.
    public var hitchThresholdMs: Double { hitchThreshold ?? budgetMs / 2 }

    private enum CodingKeys: String, CodingKey {
        case particles, frames, warmup, fps, seed, threads, snapshot, options
        case judge, hitchThreshold = "hitch_threshold_ms", hitchBudget = "hitch_budget_ms_per_s"
        // Written before options were declared by their scenarios.
        case boards, grid, audio
    }

    /// The `audio` settings of files written before options were declared by their scenarios.
    private struct LegacyAudio: Decodable {
        var voices: Int?
        var bufferFrames: Int?
        var sampleRate: Int?
        var sourceRate: Int?
        var files: [String]?
        var stream: Bool?
    }

    /// Decodes the settings; a file written before options were declared by their scenarios
    /// has its `boards`, `grid` and `audio` read as the options of the same names.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        particles = try container.decode(Int.self, forKey: .particles)
        frames = try container.decode(Int.self, forKey: .frames)
        warmup = try container.decode(Int.self, forKey: .warmup)
        fps = try container.decode(Double.self, forKey: .fps)
        seed = try container.decode(UInt64.self, forKey: .seed)
        threads = try container.decode(Int.self, forKey: .threads)
        snapshot = try container.decodeIfPresent(String.self, forKey: .snapshot)
        judge = try container.decodeIfPresent(Set<FrameStatistic>.self, forKey: .judge) ?? [.p99]
        hitchThreshold = try container.decodeIfPresent(Double.self, forKey: .hitchThreshold)
        hitchBudget = try container.decodeIfPresent(Double.self, forKey: .hitchBudget)
        var options = try container.decodeIfPresent([String: OptionValue].self, forKey: .options) ?? [:]
        if let boards = try container.decodeIfPresent(Int.self, forKey: .boards) { options["boards"] = .integer(boards) }
        if let grid = try container.decodeIfPresent(Int.self, forKey: .grid) { options["grid"] = .integer(grid) }
        if let audio = try container.decodeIfPresent(LegacyAudio.self, forKey: .audio) {
            if let voices = audio.voices { options["voices"] = .integer(voices) }
            if let frames = audio.bufferFrames { options["buffer-frames"] = .integer(frames) }
            if let rate = audio.sampleRate { options["sample-rate"] = .integer(rate) }
            if let rate = audio.sourceRate { options["source-rate"] = .integer(rate) }
            if let files = audio.files { options["audio-file"] = .texts(files) }
            if let stream = audio.stream { options["stream"] = .flag(stream) }
        }
        self.options = options
    }

    /// Encodes the settings with their options.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(particles, forKey: .particles)
        try container.encode(frames, forKey: .frames)
        try container.encode(warmup, forKey: .warmup)
        try container.encode(fps, forKey: .fps)
        try container.encode(seed, forKey: .seed)
        try container.encode(threads, forKey: .threads)
        try container.encodeIfPresent(snapshot, forKey: .snapshot)
        if !options.isEmpty { try container.encode(options, forKey: .options) }
        if judge != [.p99] { try container.encode(FrameStatistic.allCases.filter(judge.contains), forKey: .judge) }
        try container.encodeIfPresent(hitchThreshold, forKey: .hitchThreshold)
        try container.encodeIfPresent(hitchBudget, forKey: .hitchBudget)
    }
}
