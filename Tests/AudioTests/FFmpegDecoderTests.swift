import Foundation
import SnapshotTesting
import Testing
import Audio

@Suite("FFmpeg decoder")
/// Decoding files written by FFmpeg's own encoders, and the DSD files the tests write.
struct FFmpegDecoderTests {
    /// The signal every codec encodes: 0.5 s of a 1,007.8 Hz sine at 48 kHz, stereo.
    static let signal = SineSignal()

    @Test("AAC in M4A decodes within the codec's tolerance: SNR ≥ 50 dB, no priming or padding frames")
    func aacWithinTolerance() throws {
        // The tolerance: FFmpeg's native AAC encoder at 256 kbit/s (fast coder) reproduces this
        // tone at 64.5 dB SNR. 50 dB leaves room for other encoder versions and still catches
        // any decoding fault: one sample of misalignment (a priming or edit-list error) is
        // 17.6 dB at 1 kHz, swapped or inverted channels are below 0 dB, a wrong rate or format
        // far below.
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (_, encoded) = try FFmpegTestCodec.aac.write(in: directory)
        let (info, decoded) = try decodeFile(FFmpegDecoder(), encoded)
        #expect(info == StreamInfo(duration: 0.5, sampleRate: 48_000, channels: 2, bitDepth: 16))
        #expect(decoded.count == Self.signal.frames * 2, "the edit list's 1,024 priming frames and the last block's padding are dropped")
        let snr = signalToNoise(decoded, Self.signal.interleaved(), margin: 2 * 1024)
        #expect(snr >= 50, "SNR \(snr) dB")
    }

    @Test("lossy codecs decode to exactly what the ffmpeg tool decodes, the tone on both channels", arguments: [FFmpegTestCodec.aac, .opus, .mp3])
    func lossyMatchesTheTool(codec: FFmpegTestCodec) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (_, encoded) = try codec.write(in: directory)
        let (info, decoded) = try decodeFile(FFmpegDecoder(), encoded)
        let tool = try FFmpegTool.decodedSamples(of: encoded)
        #expect(info.sampleRate == 48_000 && info.channels == 2 && info.bitDepth == 16)
        // An MP3's length is its Info header's whole frames (FFmpeg keeps its delay and padding
        // to itself); the others' lengths are exact.
        if codec.name == "mp3" { #expect(abs(info.duration - 0.5) < 0.06) } else { #expect(info.duration == 0.5) }
        // Gapless: Opus's pre-skip, the MP3 Info header's delay and padding, AAC's edit list.
        #expect(decoded.count == Self.signal.frames * 2)
        #expect(tool.count >= decoded.count)
        #expect(decoded == Array(tool.prefix(decoded.count)), "bit for bit what ffmpeg's own decode gives")
        for index in 0..<2 {
            #expect(spectralPeakBin(channel(index, of: decoded, channels: 2), start: 4096, count: 2048) == 43)
        }
    }

    @Test("ALAC in M4A decodes exactly: the bits libsndfile reads from the source WAV", arguments: [FFmpegTestCodec.alac16, .alac24])
    func alacIsExact(codec: FFmpegTestCodec) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (source, encoded) = try codec.write(in: directory)
        let (info, decoded) = try decodeFile(FFmpegDecoder(), encoded)
        let (sourceInfo, expected) = try decodeFile(SndFileDecoder(), source)
        #expect(info == sourceInfo, "\(info) against the source's \(sourceInfo)")
        #expect(info.bitDepth == (codec.name == "alac24" ? 24 : 16))
        #expect(decoded == expected)
    }

    @Test("FLAC through FFmpeg gives the bits libsndfile gives")
    func flacAgreesWithLibsndfile() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (_, encoded) = try FFmpegTestCodec.flac.write(in: directory)
        let (info, decoded) = try decodeFile(FFmpegDecoder(), encoded)
        let (sndFileInfo, expected) = try decodeFile(SndFileDecoder(), encoded)
        #expect(info == sndFileInfo)
        #expect(decoded == expected)
    }

    @Test("the decoder goes by the bytes: an M4A named .wav, or with no extension, decodes the same")
    func contentNotName() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (_, encoded) = try FFmpegTestCodec.aac.write(in: directory)
        let (_, expected) = try decodeFile(FFmpegDecoder(), encoded)
        for name in ["disguised.wav", "no-extension", "song.flac"] {
            try FileManager.default.copyItem(atPath: encoded, toPath: "\(directory)/\(name)")
            let (info, decoded) = try decodeFile(FFmpegDecoder(), "\(directory)/\(name)")
            #expect(info.duration == 0.5, "\(name)")
            #expect(decoded == expected, "\(name)")
        }
    }

    @Test("seeks land on the frame asked for", arguments: [FFmpegTestCodec.alac16, .flac, .aac, .opus, .mp3])
    func seeksLandExactly(codec: FFmpegTestCodec) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let signal = SineSignal(frames: 96_000)
        let (_, encoded) = try codec.write(signal, in: directory)
        let decoder = FFmpegDecoder()
        let (_, linear) = try decodeFile(decoder, encoded)
        let handle = try decoder.open(url: URL(fileURLWithPath: encoded))
        defer { decoder.close(handle) }
        // Lossless codecs and MP3 land bit for bit. The AAC and Opus decoders do not rebuild
        // their state bit for bit from a seek point, even after the pre-roll: within 1e-3 of
        // full scale, where landing one frame off would show errors up to 0.066 on this tone.
        let tolerance: Float = codec.name == "aac" || codec.name == "opus" ? 1e-3 : 0
        var block = [Float](repeating: 0, count: 300 * 2)
        for seconds in [1.2345, 0.05, 1.9, 0.0, 0.7] {
            try decoder.seek(handle, toSeconds: seconds)
            #expect(try decoder.read(handle, into: &block, maxFrames: 300) == 300)
            let frame = Int((seconds * 48_000).rounded())
            let worst = zip(block, linear[(frame * 2)..<(frame * 2 + 600)]).map { abs($0 - $1) }.max() ?? .infinity
            #expect(worst <= tolerance, "\(codec) at \(seconds) s: error \(worst)")
        }
        try decoder.seek(handle, toSeconds: 99)
        #expect(try decoder.read(handle, into: &block, maxFrames: 300) == 0, "a seek past the end clamps to the end")
        try decoder.seek(handle, toSeconds: -3)
        #expect(try decoder.read(handle, into: &block, maxFrames: 300) == 300)
        #expect(Array(block) == Array(linear.prefix(600)), "a seek before the start clamps to 0")
    }

    @Test("DSD: DSF and DSDIFF decode through FFmpeg's DSD decoders to float PCM at an eighth of the DSD rate")
    func dsdDecodes() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let dsd = DSDSignal()
        var decodings: [[Float]] = []
        for (name, bytes) in [("tone.dsf", dsd.dsf()), ("tone.dff", dsd.dff())] {
            let path = "\(directory)/\(name)"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let (info, decoded) = try decodeFile(FFmpegDecoder(), path)
            #expect(info == StreamInfo(duration: 32_768 / 352_800, sampleRate: 352_800, channels: 2, bitDepth: 32), "\(name)")
            #expect(decoded.count == dsd.bytesPerChannel * 2, "one PCM frame per byte of each channel")
            // The modulated sine comes out at its amplitude: bin 12 of 4,096 holds over 99% of
            // the power; channel 1 is channel 0 inverted at half amplitude.
            for (index, amplitude) in [(0, 0.5), (1, -0.25)] {
                let samples = Array(channel(index, of: decoded, channels: 2)[8192..<(8192 + 4096)])
                let (measured, share) = Self.tone(samples, bin: 12)
                #expect(abs(measured - abs(amplitude)) < 0.03, "\(name) channel \(index): amplitude \(measured)")
                #expect(share > 0.99, "\(name) channel \(index): tone share \(share)")
            }
            let sign = zip(channel(0, of: decoded, channels: 2), channel(1, of: decoded, channels: 2)).dropFirst(8192).prefix(4096)
                .map { Double($0 * $1) }.reduce(0, +)
            #expect(sign < 0, "\(name): channel 1 is inverted")
            decodings.append(decoded)
        }
        // The same bits, LSB-first in blocks (DSF) and MSB-first interleaved (DSDIFF), decode
        // alike once past the first frames, where each decoder's filter starts from the DSD
        // silence pattern in its own bit order.
        #expect(decodings[0].dropFirst(64 * 2) == decodings[1].dropFirst(64 * 2))
    }

    @Test("DSD seeks land on the frame asked for")
    func dsdSeeks() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(directory)/tone.dsf"
        try Data(DSDSignal().dsf()).write(to: URL(fileURLWithPath: path))
        let decoder = FFmpegDecoder()
        let (_, linear) = try decodeFile(decoder, path)
        let handle = try decoder.open(url: URL(fileURLWithPath: path))
        defer { decoder.close(handle) }
        var block = [Float](repeating: 0, count: 500 * 2)
        for seconds in [0.05, 0.0123, 0.08] {
            try decoder.seek(handle, toSeconds: seconds)
            #expect(try decoder.read(handle, into: &block, maxFrames: 500) == 500)
            let frame = Int((seconds * 352_800).rounded())
            #expect(Array(block) == Array(linear[(frame * 2)..<(frame * 2 + 1000)]), "at \(seconds) s")
        }
    }

    @Test("handles: close is idempotent, a closed handle is invalidState, bad arguments are invalidArgument")
    func handleRules() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (_, encoded) = try FFmpegTestCodec.alac16.write(in: directory)
        let decoder = FFmpegDecoder()
        try expectHandleRules(decoder, path: encoded)
        #expect(throws: AudioError.unsupported("https://example.com/a.m4a is not a file URL")) {
            try decoder.open(url: URL(string: "https://example.com/a.m4a")!)
        }
    }

    @Test("parallel streams on worker threads each decode their own file exactly")
    func parallelStreams() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (_, encoded) = try FFmpegTestCodec.alac16.write(in: directory)
        let decoder = FFmpegDecoder()
        let (_, expected) = try decodeFile(decoder, encoded)
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for _ in 0..<6 {
                group.addTask {
                    let handle = try decoder.open(url: URL(fileURLWithPath: encoded))
                    defer { decoder.close(handle) }
                    return try decodeAll(decoder, handle, channels: 2, blockFrames: 777) == expected
                }
            }
            for try await same in group { #expect(same) }
        }
    }

    /// The amplitude of DFT bin `bin` of `samples` and its share of their power.
    static func tone(_ samples: [Float], bin: Int) -> (amplitude: Double, share: Double) {
        let count = Double(samples.count)
        var real = 0.0, imaginary = 0.0, power = 0.0
        for (index, sample) in samples.enumerated() {
            let angle = 2 * Double.pi * Double(bin) * Double(index) / count
            real += Double(sample) * cos(angle)
            imaginary += Double(sample) * sin(angle)
            power += Double(sample) * Double(sample)
        }
        let amplitude = 2 * (real * real + imaginary * imaginary).squareRoot() / count
        return (amplitude, amplitude * amplitude / 2 / (power / count))
    }
}
