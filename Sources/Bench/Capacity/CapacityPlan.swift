/// What `bench capacity` varies for a scenario and the budget each probe must fit: particles
/// against the frame budget, or for the audio scenarios voices against half the buffer period.
struct CapacityPlan {
    /// The base settings of every probe.
    let settings: RunSettings
    /// Whether the scenario mixes audio (its size is its voices).
    let isAudio: Bool

    /// The plan of a scenario whose size follows `scale`, with `settings`.
    init(scale: ScenarioRegistry.Entry.Scale, settings: RunSettings) {
        self.settings = settings
        isAudio = scale == .voices
    }

    /// What the count counts.
    var unit: String { isAudio ? "voices" : "particles" }

    /// The time a probe's p99 must fit, in nanoseconds.
    var budgetNs: Double {
        guard isAudio else { return settings.budgetNs }
        return (settings.audio ?? AudioSettings()).periodMs * AudioWorkload.periodShare * 1e6
    }

    /// The settings of the probe of `count`.
    func settings(count: Int) -> RunSettings {
        var probe = settings
        if isAudio {
            var audio = probe.audio ?? AudioSettings()
            audio.voices = count
            probe.audio = audio
        } else {
            probe.particles = count
        }
        return probe
    }

    /// The budget in words, for the headline.
    var budgetText: String {
        guard isAudio else { return "at \(settings.fpsText) fps" }
        let audio = settings.audio ?? AudioSettings()
        return "in half the \(audio.bufferFrames)-frame buffer period at \(audio.sampleRate) Hz"
    }
}
