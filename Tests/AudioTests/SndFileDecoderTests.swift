import CSndFile
import Foundation
import SnapshotTesting
import Testing
import Audio

@Suite("libsndfile decoder")
/// Decoding known signals in every format the installed libsndfile writes.
struct SndFileDecoderTests {
    /// The signal written in every format.
    static let signal = SineSignal()
    /// The formats the installed libsndfile writes.
    static let formats = AudioTestFormat.writable(sampleRate: signal.sampleRate, channels: signal.channels)

    @Test("the installed libsndfile writes WAV, AIFF and FLAC, so every lossless check runs")
    func installedFormats() {
        let names = Set(Self.formats.map(\.name))
        for required in ["wav-u8", "wav-s16", "wav-s24", "wav-s32", "wav-float", "aiff-s16", "flac-s16"] {
            #expect(names.contains(required), "libsndfile cannot write \(required)")
        }
    }

    @Test("a sine written in each format decodes to the same signal", arguments: formats)
    func decodesKnownSine(format: AudioTestFormat) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(directory)/\(format.name).\(format.fileExtension)"
        try Self.signal.write(to: path, format: format.format)

        let decoder = SndFileDecoder()
        let handle = try decoder.open(url: URL(fileURLWithPath: path))
        defer { decoder.close(handle) }
        let info = try decoder.info(handle)
        try info.validate()
        #expect(info.sampleRate == 48_000)
        #expect(info.channels == 2)
        #expect(info.bitDepth == format.bitDepth)
        let decoded = try decodeAll(decoder, handle, channels: 2)
        #expect(decoded.allSatisfy { $0 >= -1 && $0 <= 1 })

        if format.isLossless {
            #expect(info.duration == 0.5)
            #expect(decoded.count == Self.signal.frames * 2)
            let expected = Self.signal.interleaved()
            let worst = zip(decoded, expected).map { abs($0 - $1) }.max() ?? .infinity
            #expect(worst <= format.tolerance, "largest error \(worst) in \(format)")
        } else {
            #expect(abs(info.duration - 0.5) < 0.1, "duration \(info.duration)")
            let left = channel(0, of: decoded, channels: 2)
            let right = channel(1, of: decoded, channels: 2)
            #expect(left.count >= 8192)
            #expect(spectralPeakBin(left, start: 4096, count: 2048) == 43)
            #expect(spectralPeakBin(right, start: 4096, count: 2048) == 43)
        }
    }

    @Test("seeking lands on the right frame in WAV, AIFF and FLAC", arguments: formats.filter(\.isLossless))
    func seekAccuracy(format: AudioTestFormat) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(directory)/\(format.name).\(format.fileExtension)"
        try Self.signal.write(to: path, format: format.format)
        let decoder = SndFileDecoder()
        let handle = try decoder.open(url: URL(fileURLWithPath: path))
        defer { decoder.close(handle) }
        var block = [Float](repeating: 0, count: 64 * 2)
        for seconds in [0.123456, 0.4, 0.0, 0.25] {
            try decoder.seek(handle, toSeconds: seconds)
            #expect(try decoder.read(handle, into: &block, maxFrames: 64) == 64)
            // The expected landing frame; ±1 ms is ±48 frames, and the decoder lands exactly.
            let frame = Int((seconds * 48_000).rounded())
            let expected = (0..<64).flatMap { offset in (0..<2).map { Self.signal.value(frame: frame + offset, channel: $0) } }
            let worst = zip(block, expected).map { abs($0 - $1) }.max() ?? .infinity
            #expect(worst <= format.tolerance, "seek to \(seconds) s in \(format): error \(worst)")
        }
        try decoder.seek(handle, toSeconds: 99)
        #expect(try decoder.read(handle, into: &block, maxFrames: 64) == 0, "a seek past the end clamps to the end")
        try decoder.seek(handle, toSeconds: -3)
        #expect(try decoder.read(handle, into: &block, maxFrames: 64) == 64, "a seek before the start clamps to 0")
    }

    @Test("handles: close is idempotent, a closed handle is invalidState, bad arguments are invalidArgument")
    func handleRules() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(directory)/tone.wav"
        try Self.signal.write(to: path, format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16))
        try expectHandleRules(SndFileDecoder(), path: path)
    }

    @Test("parallel decoders on worker threads each decode their own file exactly")
    func parallelStreams() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let decoder = SndFileDecoder()
        let paths = (0..<6).map { "\(directory)/tone\($0).flac" }
        for path in paths { try Self.signal.write(to: path, format: Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16)) }
        let expected = Self.signal.interleaved()
        try await withThrowingTaskGroup(of: Float.self) { group in
            for path in paths {
                group.addTask {
                    let handle = try decoder.open(url: URL(fileURLWithPath: path))
                    defer { decoder.close(handle) }
                    let decoded = try decodeAll(decoder, handle, channels: 2, blockFrames: 777)
                    guard decoded.count == expected.count else { return .infinity }
                    return zip(decoded, expected).map { abs($0 - $1) }.max() ?? .infinity
                }
            }
            for try await worst in group { #expect(worst <= 1e-4) }
        }
    }

    @Test("tags: title, artist and album through sf_get_string, duration from frames and rate")
    func tags() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let tagged = "\(directory)/tagged.wav"
        var info = SF_INFO()
        info.samplerate = 8000
        info.channels = 1
        info.format = Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16)
        let file = try #require(sf_open(tagged, Int32(SFM_WRITE), &info))
        sf_set_string(file, Int32(SF_STR_TITLE), "Tone")
        sf_set_string(file, Int32(SF_STR_ARTIST), "Oscillator")
        sf_set_string(file, Int32(SF_STR_ALBUM), "Test Signals")
        var samples = [Float](repeating: 0.25, count: 2000)
        #expect(sf_writef_float(file, &samples, 2000) == 2000)
        sf_close(file)
        let tags = try SndFileTagReader().read(url: URL(fileURLWithPath: tagged))
        #expect(tags == TagBundle(title: "Tone", artist: "Oscillator", album: "Test Signals", duration: 0.25))

        let plain = "\(directory)/plain.wav"
        try Self.signal.write(to: plain, format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16))
        #expect(try SndFileTagReader().read(url: URL(fileURLWithPath: plain)) == TagBundle(duration: 0.5))
    }
}
