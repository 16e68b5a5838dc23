import CSndFile
import Foundation
import SnapshotTesting
import Testing
@testable import Audio
@testable import Platform
@testable import Render
import Audio

@Suite("libsndfile decoder: truncated, impossible and lying files")
/// Files whose bytes are damaged or lie.
struct SndFileMalformedInputTests {
    /// A valid 16-bit stereo WAV of 4000 frames at 8 kHz, 16,044 bytes with a 44-byte header.
    static func validWAV(in directory: String) throws -> [UInt8] {
        let path = "\(directory)/valid.wav"
        try SineSignal(sampleRate: 8_000, frames: 4_000).write(to: path, format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16))
        return Array(try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// `bytes` with `value` written little-endian over `width` bytes at `offset`.
    static func patched(_ bytes: [UInt8], at offset: Int, width: Int, value: UInt64) -> [UInt8] {
        var copy = bytes
        for index in 0..<width { copy[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))) }
        return copy
    }

    /// Opens `bytes` written to `name`, timing the open and checking it ends within 10 s.
    static func open(_ bytes: [UInt8], named name: String, in directory: String) throws(AudioError) -> (SndFileDecoder, DecodeHandle) {
        let path = "\(directory)/\(name)"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let decoder = SndFileDecoder()
        let started = ContinuousClock.now
        defer { #expect(ContinuousClock.now - started < .seconds(10), "opening \(name) took too long") }
        return (decoder, try decoder.open(url: URL(fileURLWithPath: path)))
    }

    @Test("broken headers are decodeError, an unknown container is unsupported, each within 10 s and bounded memory")
    func rejected() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let wav = try Self.validWAV(in: directory)
        let memoryBefore = maximumResidentKilobytes()
        let mp4 = [0, 0, 0, 0x20] + Array("ftypM4A ".utf8) + [UInt8](repeating: 0, count: 200)
        let cases: [(String, [UInt8], AudioError)] = [
            ("truncated-header.wav", Array(wav.prefix(30)), .decodeError("Error in WAV file. No 'data' chunk marker.")),
            ("zero-channels.wav", Self.patched(wav, at: 22, width: 2, value: 0), .decodeError("Channel count is zero.")),
            ("absurd-rate.wav", Self.patched(wav, at: 24, width: 4, value: 2_000_000_000), .decodeError("claims a sample rate of 2000000000 Hz; 1…768000 Hz are accepted")),
            ("zero-rate.wav", Self.patched(wav, at: 24, width: 4, value: 0), .decodeError("Internal error : SF_INFO struct incomplete.")),
            ("unknown-codec.wav", Self.patched(wav, at: 20, width: 2, value: 0x1234), .decodeError("Error in WAV/W64/RF64 file. Malformed 'fmt ' chunk.")),
            ("song.m4a", mp4, .unsupported("Format not recognised.")),
            ("garbage.mp3", [0xFF, 0xFB, 0x90, 0x64] + (0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) },
             .unsupported("not a supported audio stream (it starts like MPEG audio but holds no run of 3 MPEG audio frames)")),
            ("tag-only.mp3", Array("ID3".utf8) + [4, 0, 0, 0, 0, 0, 0],
             .unsupported("not a supported audio stream (an ID3 tag with no audio after it)")),
            ("noise-after-tag.mp3", Array("ID3".utf8) + [4, 0, 0, 0, 0, 0, 0] + [0xFF, 0xF3] + [UInt8](repeating: 0x55, count: 300),
             .unsupported("not a supported audio stream (it starts like MPEG audio but holds no run of 3 MPEG audio frames)")),
            ("other-noise.bin", (0..<5_000).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }, .unsupported("Format not recognised.")),
        ]
        for (name, bytes, expected) in cases {
            let error = #expect(throws: AudioError.self) { try Self.open(bytes, named: name, in: directory) }
            let path = "\(directory)/\(name)"
            switch (error, expected) {
            case (.decodeError(let message)?, .decodeError(let tail)), (.unsupported(let message)?, .unsupported(let tail)):
                #expect(message.hasPrefix(path) && message.hasSuffix(tail), "\(name): \(message)")
            default:
                Issue.record("\(name): expected \(expected), got \(String(describing: error))")
            }
        }
        #expect(maximumResidentKilobytes() - memoryBefore < 256 * 1024)
    }

    @Test("a file cut inside its data decodes the frames that are there; a header-only file has none")
    func truncatedData() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let wav = try Self.validWAV(in: directory)
        let (decoder, handle) = try Self.open(Array(wav.prefix(5_000)), named: "cut.wav", in: directory)
        #expect(try decoder.info(handle).duration == 1_239 / 8_000.0)
        #expect(try decodeAll(decoder, handle, channels: 2).count == 1_239 * 2)
        let (headerDecoder, headerOnly) = try Self.open(Array(wav.prefix(44)), named: "header.wav", in: directory)
        #expect(try headerDecoder.info(headerOnly).duration == 0)
        #expect(try decodeAll(headerDecoder, headerOnly, channels: 2).isEmpty)
    }

    @Test("headers that lie about the length: the real frames are decoded and counted, nothing is sized from the header")
    func lyingLength() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let wav = try Self.validWAV(in: directory)
        let (decoder, handle) = try Self.open(Self.patched(wav, at: 40, width: 4, value: 0x7FFF_FFF0), named: "lying.wav", in: directory)
        #expect(try decoder.info(handle).duration == 0.5)
        #expect(try decodeAll(decoder, handle, channels: 2).count == 8_000)

        // A FLAC whose STREAMINFO claims 2^36 − 1 samples (about 99 days at 8 kHz) in a few KB.
        let flacPath = "\(directory)/source.flac"
        try SineSignal(sampleRate: 8_000, frames: 4_000).write(to: flacPath, format: Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16))
        var flac = Array(try Data(contentsOf: URL(fileURLWithPath: flacPath)))
        flac[21] |= 0x0F
        for index in 22...25 { flac[index] = 0xFF }
        let memoryBefore = maximumResidentKilobytes()
        let (flacDecoder, flacHandle) = try Self.open(flac, named: "lying.flac", in: directory)
        #expect(try flacDecoder.info(flacHandle).duration == 0.5, "counted by decoding, not taken from the header")
        #expect(try decodeAll(flacDecoder, flacHandle, channels: 2).count == 8_000)
        #expect(maximumResidentKilobytes() - memoryBefore < 256 * 1024)
    }

    @Test("unreadable paths: a dangling link and a path below a file are notFound")
    func unreadablePaths() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createSymbolicLink(atPath: "\(directory)/link.wav", withDestinationPath: "\(directory)/gone.wav")
        #expect(FileManager.default.createFile(atPath: "\(directory)/file", contents: Data([1])))
        let decoder = SndFileDecoder()
        #expect(throws: AudioError.notFound("no file at \(directory)/link.wav")) { try decoder.open(url: URL(fileURLWithPath: "\(directory)/link.wav")) }
        #expect(throws: AudioError.notFound("no file at \(directory)/file/x.wav")) { try decoder.open(url: URL(fileURLWithPath: "\(directory)/file/x.wav")) }
    }

    @Test("an open whose deadline passed is abandoned: its late result is closed, not leaked")
    func abandonedOpen() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(directory)/tone.wav"
        try SineSignal(sampleRate: 8_000, frames: 800).write(to: path, format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16))
        let stream = try SndFileOpener.openStream(path: path)
        let attempt = SndFileOpenAttempt()
        #expect(attempt.wait(timeout: .milliseconds(20)) == nil)
        attempt.finish(.success(stream))
        var buffer = [Float](repeating: 0, count: 16)
        let error = buffer.withUnsafeMutableBufferPointer { pointer in
            Result { () throws(AudioError) in try stream.read(into: pointer, maxFrames: 8) }
        }
        #expect(throws: AudioError.invalidState("the stream is closed")) { try error.get() }

        let answered = SndFileOpenAttempt()
        answered.finish(.failure(.decodeError("damaged")))
        #expect(answered.wait(timeout: .seconds(1)).map { result in (try? result.get()) == nil } == true)
    }
}

/// The process's peak resident memory in kilobytes.
func maximumResidentKilobytes() -> Int {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss
}
