import BenchKit

/// The settings of the `audio` scenario: voices, buffer, rates and the files the voices play.
struct AudioSettings: Codable, Equatable, Sendable {
    /// Output channels (stereo).
    static let channels = 2

    /// Voices mixed per buffer.
    var voices = 256
    /// Frames per buffer.
    var bufferFrames = 512
    /// Output frames per second.
    var sampleRate = 48_000
    /// Rate of the synthesised sources; nil for the output rate (no resampling).
    var sourceRate: Int?
    /// Files the voices play, in turn; empty for synthesised sources.
    var files: [String] = []
    /// Whether each voice streams its file from disk instead of playing it from memory.
    var stream = false

    /// Rate of the `audio.resampled` scenario's sources when no `--source-rate` is given: CD
    /// audio into the 48 kHz output, the commonest conversion a mixer makes.
    static let resampledSourceRate = 44_100

    /// These settings with synthesised sources at ``resampledSourceRate`` unless a source rate
    /// is set; files keep their own rates.
    var resampled: AudioSettings {
        var settings = self
        if files.isEmpty { settings.sourceRate = sourceRate ?? Self.resampledSourceRate }
        return settings
    }

    /// The buffer period in milliseconds: frames / rate.
    var periodMs: Double { Double(bufferFrames) / Double(sampleRate) * 1000 }
}
