import Foundation
import SnapshotTesting
import Testing
@testable import Audio

/// The probe that keeps files which only start like MPEG audio away from libmpg123 (whose notes
/// on them reached stderr), and lets every real stream through.
@Suite struct MPEGStreamProbeTests {
    /// MPEG-1 layer III, 128 kbit/s, 44.1 kHz, no padding: 417-byte frames.
    static let header: [UInt8] = [0xFF, 0xFB, 0x90, 0x64]

    /// `count` frames of ``header``, each padded with zeros to its length.
    static func frames(_ count: Int) -> [UInt8] {
        Array(repeating: header + [UInt8](repeating: 0, count: 413), count: count).flatMap { $0 }
    }

    /// An ID3v2.3 tag of `size` body bytes.
    static func tag(size: Int) -> [UInt8] {
        Array("ID3".utf8) + [3, 0, 0] + [21, 14, 7, 0].map { UInt8(size >> $0 & 0x7F) } + [UInt8](repeating: 0x20, count: size)
    }

    /// Version, layer, sample rate and frame length of the header `bytes` start with.
    static func fields(_ bytes: [UInt8]) -> [Int]? {
        MPEGFrameHeader(bytes, at: 0).map { [$0.version, $0.layer, $0.sampleRate, $0.frameLength] }
    }

    /// What the probe says of a file holding `bytes`.
    static func problem(_ bytes: [UInt8]) throws -> String? {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/probe.mp3"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return MPEGStreamProbe.problem(at: path)
    }

    @Test func headersGiveTheirVersionLayerRateAndLength() {
        #expect(Self.fields(Self.header) == [1, 3, 44_100, 417])
        #expect(MPEGFrameHeader([0xFF, 0xFB, 0x92, 0], at: 0)?.frameLength == 418)
        // MPEG-2 layer III at 80 kbit/s and 22.05 kHz; MPEG-1 layer I at 288 kbit/s and 44.1 kHz;
        // MPEG-2.5 layer II at 160 kbit/s and 8 kHz, padded: the longest frame there is.
        #expect(Self.fields([0xFF, 0xF3, 0x90, 0]) == [2, 3, 22_050, 261])
        #expect(Self.fields([0xFF, 0xFF, 0x90, 0]) == [1, 1, 44_100, 312])
        #expect(MPEGFrameHeader([0xFF, 0xE5, 0xEA, 0], at: 0)?.frameLength == MPEGStreamProbe.maxFrameLength)
        // A reserved version or layer, a free or bad bit rate, a reserved sample rate, no sync.
        for bytes: [UInt8] in [[0xFF, 0xEB, 0x90, 0], [0xFF, 0xF9, 0x90, 0], [0xFF, 0xFB, 0x00, 0], [0xFF, 0xFB, 0xF0, 0],
                               [0xFF, 0xFB, 0x9C, 0], [0xFE, 0xFB, 0x90, 0], [0xFF, 0xFB, 0x90]] {
            #expect(MPEGFrameHeader(bytes, at: 0) == nil, "\(bytes)")
        }
    }

    @Test func filesThatOnlyStartLikeMPEGAudioAreNamed() throws {
        // The file that made libmpg123 print three notes: a sync word, then noise.
        let noise = Self.header + (0..<20_000).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }
        #expect(try Self.problem(noise)?.contains("no run of 3 MPEG audio frames") == true)
        #expect(try Self.problem(Self.tag(size: 10)) == "an ID3 tag with no audio after it")
        #expect(try Self.problem(Self.tag(size: 10) + [UInt8](repeating: 0, count: 500)) == "an ID3 tag with no audio after it")
        // A tag whose size points far past the end of the file.
        #expect(try Self.problem(Array("ID3".utf8) + [3, 0, 0, 0x7F, 0x7F, 0x7F, 0x7F]) == "an ID3 tag with no audio after it")
        #expect(try Self.problem(Self.header + Self.header + [UInt8](repeating: 0, count: 2_000))?.contains("no run") == true)
    }

    @Test func realStreamsAndOtherFormatsPass() throws {
        #expect(try Self.problem(Self.frames(3)) == nil)
        #expect(try Self.problem(Self.tag(size: 300) + [0, 0, 0, 0] + Self.frames(40)) == nil)
        // Two tags in a row, then a short stream that ends with its second frame.
        #expect(try Self.problem(Self.tag(size: 20) + Self.tag(size: 5) + Self.frames(2)) == nil)
        // Noise before the first frame within the search window (mpg123 resynchronises).
        #expect(try Self.problem(Self.tag(size: 8) + [0xFF, 0x00, 0x12] + Self.frames(3)) == nil)
        // A FLAC or WAV file behind an ID3 tag, and files that do not start like MPEG at all.
        #expect(try Self.problem(Self.tag(size: 8) + Array("fLaC".utf8) + [UInt8](repeating: 1, count: 100)) == nil)
        #expect(try Self.problem(Array("RIFF".utf8) + [UInt8](repeating: 0, count: 100)) == nil)
        #expect(try Self.problem([]) == nil)
    }
}
