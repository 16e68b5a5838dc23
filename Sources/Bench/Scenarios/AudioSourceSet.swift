import BenchKit
import ArgumentParser
import Foundation
import Audio

/// The assets the `audio` scenario's voices play: the user's files decoded as the player decodes
/// them (``RoutingDecoder``: libsndfile or FFmpeg, chosen by content),
/// or, without files, eight synthesised one-second stereo tones.
enum AudioSourceSet {
    /// Synthesised tones.
    static let toneCount = 8

    /// Loads the sources into `mixer` and returns their handles.
    /// - Throws: `BenchError.invalidArgument` naming a file that cannot be decoded or mixed.
    static func load(_ settings: AudioSettings, into mixer: AudioMixer) throws -> [AudioAssetID] {
        guard settings.files.isEmpty else {
            let decoder = RoutingDecoder()
            return try settings.files.map { path in
                do {
                    return try mixer.loadAsset(key: path) {
                        try AudioAsset.decode(url: URL(fileURLWithPath: path), decoder: decoder)
                    }
                } catch let error as AudioError {
                    throw BenchError.invalidArgument("--audio-file \(path): \(error.message)")
                }
            }
        }
        let rate = settings.sourceRate ?? settings.sampleRate
        return try (0..<toneCount).map { index in
            try mixer.addAsset(tone(index, rate: rate))
        }
    }

    /// Spawns the settings' voices into `mixer`, looping, with seeded gains, pans and start
    /// frames inside the first buffer: streaming their files, or playing the sources from memory.
    /// - Throws: `BenchError.invalidArgument` naming a file that cannot be decoded, mixed or streamed.
    static func spawnVoices(_ settings: AudioSettings, seed: UInt64, into mixer: AudioMixer) throws {
        var random = SplitMix64(seed: seed)
        var voices: [(gain: Float, pan: Float, start: Int64)] = []
        for _ in 0..<settings.voices {
            let gain = 0.05 + Float(random.next() >> 40) / Float(1 << 24) * 0.2
            let pan = Float(random.next() >> 40) / Float(1 << 24) * 2 - 1
            voices.append((gain, pan, Int64(random.next() % UInt64(settings.bufferFrames))))
        }
        if settings.stream {
            try spawnStreaming(voices, settings, into: mixer)
        } else {
            let sources = try load(settings, into: mixer)
            for (index, voice) in voices.enumerated() {
                try mixer.spawnVoice(
                    asset: sources[index % sources.count], gain: voice.gain, pan: voice.pan, looping: true, startFrame: voice.start)
            }
            for source in sources { try mixer.releaseAsset(source) }
        }
    }

    /// Spawns one streaming voice per entry of `voices`, on the files in turn.
    /// - Throws: `BenchError.invalidArgument` naming a file that cannot be streamed.
    static func spawnStreaming(_ voices: [(gain: Float, pan: Float, start: Int64)], _ settings: AudioSettings, into mixer: AudioMixer) throws {
        let decoder = RoutingDecoder()
        for (index, voice) in voices.enumerated() {
            let path = settings.files[index % settings.files.count]
            do {
                try mixer.spawnStreamingVoice(
                    url: URL(fileURLWithPath: path), decoder: decoder, gain: voice.gain, pan: voice.pan, looping: true,
                    startFrame: voice.start)
            } catch {
                throw BenchError.invalidArgument("--audio-file \(path): \(error.message)")
            }
        }
    }

    /// Tone `index`: one second of a stereo chord of a fundamental and its octave, slightly
    /// detuned between the channels, so voices differ and the meters see real levels.
    static func tone(_ index: Int, rate: Int) throws -> AudioAsset {
        let fundamental = 110 * Double(index + 2)
        var samples = [Float](repeating: 0, count: 2 * rate)
        for frame in 0..<rate {
            let t = Double(frame) / Double(rate)
            samples[2 * frame] = Float(0.3 * sin(2 * .pi * fundamental * t) + 0.1 * sin(4 * .pi * fundamental * t))
            samples[2 * frame + 1] = Float(0.3 * sin(2 * .pi * fundamental * 1.003 * t) + 0.1 * sin(4 * .pi * fundamental * t))
        }
        return try AudioAsset(interleaved: samples, channels: 2, sampleRate: rate)
    }

    /// Rejects a path that is not a readable audio file the decoder router opens, with one line.
    static func checkReadable(_ path: String) throws {
        let decoder = RoutingDecoder()
        do {
            let handle = try decoder.open(url: URL(fileURLWithPath: path))
            decoder.close(handle)
        } catch {
            throw ValidationError("--audio-file \(path): \(error.message)")
        }
    }
}
