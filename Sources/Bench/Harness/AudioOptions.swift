import ArgumentParser
import Foundation
import Systems

/// The options of the `audio` scenario, shared by the default run and `capacity`.
///
/// Numeric options parse their value unconditionally, so a negative number reaches the range
/// check and its message.
struct AudioOptions: ParsableArguments {
    /// Accepted voice counts.
    static let voiceRange = 1...1_000_000
    /// Accepted buffer sizes in frames.
    static let bufferFrameRange = 16...16_384
    /// Accepted sample rates in hertz.
    static let sampleRateRange = 8_000...384_000

    /// Voices of the audio scenario.
    @Option(parsing: .unconditional, help: "Voices of the audio scenario (1...1000000).")
    var voices: Int = 256

    /// Frames per audio buffer.
    @Option(parsing: .unconditional, help: "Frames per audio buffer (16...16384); the buffer period is frames / rate.")
    var bufferFrames: Int = 512

    /// Output sample rate.
    @Option(parsing: .unconditional, help: "Output sample rate of the audio scenario in Hz (8000...384000).")
    var sampleRate: Int = 48_000

    /// Rate of the synthesised sources.
    @Option(parsing: .unconditional, help: "Rate of the synthesised audio sources in Hz (8000...384000; default: the output rate); another rate is resampled in the mix.")
    var sourceRate: Int?

    /// Files the voices play.
    @Option(name: .customLong("audio-file"), help: ArgumentHelp("An audio file the voices play, decoded through libsndfile and resampled to the output rate (repeatable; default: synthesised sources).", valueName: "file"))
    var audioFiles: [String] = []

    /// Whether the voices stream their files.
    @Flag(help: "The audio voices stream their --audio-file files from disk, each decoded ahead by a worker thread off the mix thread (the files must be at --sample-rate).")
    var stream = false

    /// Rejects out-of-range values, a rate pair the resampler cannot convert and a file that
    /// cannot be opened, with one line.
    func validate() throws {
        try MeasureOptions.check(voices, in: Self.voiceRange, "--voices")
        try MeasureOptions.check(bufferFrames, in: Self.bufferFrameRange, "--buffer-frames")
        try MeasureOptions.check(sampleRate, in: Self.sampleRateRange, "--sample-rate")
        if let sourceRate {
            try MeasureOptions.check(sourceRate, in: Self.sampleRateRange, "--source-rate")
            guard audioFiles.isEmpty else {
                throw ValidationError("--source-rate sets the rate of synthesised sources; it cannot be used with --audio-file")
            }
            do {
                _ = try PolyphaseFilter(inputRate: sourceRate, outputRate: sampleRate)
            } catch {
                throw ValidationError("--source-rate \(sourceRate): \(error.message)")
            }
        }
        if stream, audioFiles.isEmpty {
            throw ValidationError("--stream needs at least one --audio-file to stream")
        }
        for path in audioFiles {
            try AudioSourceSet.checkReadable(path)
        }
    }

    /// The scenario settings.
    var settings: AudioSettings {
        AudioSettings(voices: voices, bufferFrames: bufferFrames, sampleRate: sampleRate, sourceRate: sourceRate, files: audioFiles, stream: stream)
    }
}
