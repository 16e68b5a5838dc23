import BenchKit
import Foundation
import Audio

/// The options of the audio scenarios, their checks, and the settings they make.
enum AudioOptions {
    /// Accepted voice counts.
    static let voiceRange = 1...1_000_000
    /// Accepted buffer sizes in frames.
    static let bufferFrameRange = 16...16_384
    /// Accepted sample rates in hertz.
    static let sampleRateRange = 8_000...384_000

    /// `--voices`, `--buffer-frames`, `--sample-rate`, `--source-rate`, `--audio-file` and
    /// `--stream`.
    static let options: [ScenarioOption] = [
        .integer("voices", default: 256, range: voiceRange, help: "Voices mixed per buffer."),
        .integer(
            "buffer-frames", default: 512, range: bufferFrameRange,
            help: "Frames per audio buffer; the buffer period is frames / rate."),
        .integer("sample-rate", default: 48_000, range: sampleRateRange, help: "Output sample rate in Hz."),
        .integer(
            "source-rate", range: sampleRateRange,
            help: "Rate of the synthesised sources in Hz (default: the output rate); another rate is resampled in the mix."),
        .texts(
            "audio-file",
            help: "An audio file the voices play, decoded through libsndfile and resampled to the output rate (default: synthesised sources)."),
        .flag(
            "stream",
            help: "The voices stream their --audio-file files from disk, each decoded ahead by a worker thread off the mix thread (the files must be at --sample-rate)."),
    ]

    /// The options of `audio.device`: the audio options, `--seconds` and `--alsa-device`.
    static let deviceOptions: [ScenarioOption] = options + [
        .integer(
            "seconds", default: AudioDeviceWorkload.defaultSeconds, range: 1...3_600,
            help: "Seconds audio.device plays in real time, one frame per period."),
        .text(
            "alsa-device",
            help: "The ALSA device audio.device plays into, e.g. default or hw:0 (default: ALSA's file plugin into a temporary file, paced by the clock)."),
    ]

    /// What `bench capacity` searches for `audio.device`: voices played without an underrun,
    /// each period's mix within the period.
    static let deviceCapacity = Scenario.Capacity(option: "voices", unit: "voices") { settings in
        let audio = Self.settings(settings)
        return (audio.periodMs * 1e6, "without an underrun, each \(audio.bufferFrames)-frame period mixed within its period at \(audio.sampleRate) Hz")
    }

    /// The audio settings `settings` gives.
    static func settings(_ settings: RunSettings) -> AudioSettings {
        var audio = AudioSettings()
        audio.voices = settings.integer("voices") ?? audio.voices
        audio.bufferFrames = settings.integer("buffer-frames") ?? audio.bufferFrames
        audio.sampleRate = settings.integer("sample-rate") ?? audio.sampleRate
        audio.sourceRate = settings.integer("source-rate")
        audio.files = settings.texts("audio-file")
        audio.stream = settings.flag("stream")
        return audio
    }

    /// Rejects a rate pair the resampler cannot convert, a source rate with files, streaming
    /// without files and a file that cannot be opened, with one line.
    static func validate(_ settings: RunSettings) throws {
        let audio = Self.settings(settings)
        if let sourceRate = audio.sourceRate {
            guard audio.files.isEmpty else {
                throw BenchError.invalidArgument("--source-rate sets the rate of synthesised sources; it cannot be used with --audio-file")
            }
            do {
                _ = try PolyphaseFilter(inputRate: sourceRate, outputRate: audio.sampleRate)
            } catch {
                throw BenchError.invalidArgument("--source-rate \(sourceRate): \(error.message)")
            }
        }
        if audio.stream, audio.files.isEmpty {
            throw BenchError.invalidArgument("--stream needs at least one --audio-file to stream")
        }
        for path in audio.files {
            try AudioSourceSet.checkReadable(path)
        }
    }

    /// What `bench capacity` searches for an audio scenario whose settings `transform` makes
    /// from the options: voices against half the buffer period.
    static func capacity(_ transform: @escaping @Sendable (AudioSettings) -> AudioSettings = { $0 }) -> Scenario.Capacity {
        Scenario.Capacity(option: "voices", unit: "voices") { settings in
            let audio = transform(Self.settings(settings))
            return (
                audio.periodMs * AudioWorkload.periodShare * 1e6,
                "in half the \(audio.bufferFrames)-frame buffer period at \(audio.sampleRate) Hz"
            )
        }
    }
}
