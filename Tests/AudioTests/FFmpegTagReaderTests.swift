import CSndFile
import Foundation
import SnapshotTesting
import Testing
@testable import Audio
import Audio

@Suite("FFmpeg tag reader")
/// Tags, artwork and ReplayGain written by ffmpeg (`-metadata`, an attached picture) and read
/// back through FFmpeg's metadata.
struct FFmpegTagReaderTests {
    /// One format the tags are written in.
    struct TaggedFormat: CustomStringConvertible, Sendable {
        /// The file's name.
        let name: String
        /// The encoder and muxer options.
        let arguments: [String]
        /// The picture attached, if the format carries one: `png` or `jpg`.
        let picture: String?
        /// Whether the format keeps the ReplayGain tags.
        let keepsReplayGain: Bool
        /// The name.
        var description: String { name }
    }

    /// Every format: MP4 keeps free-form tags only as `mdta` keys (`use_metadata_tags`), and
    /// then no cover; ffmpeg attaches no picture to Ogg.
    static let formats = [
        TaggedFormat(name: "aac.m4a", arguments: ["-c:a", "aac", "-movflags", "use_metadata_tags"], picture: nil, keepsReplayGain: true),
        TaggedFormat(name: "alac.m4a", arguments: ["-c:a", "alac"], picture: "png", keepsReplayGain: false),
        TaggedFormat(name: "tone.flac", arguments: ["-c:a", "flac"], picture: "png", keepsReplayGain: true),
        TaggedFormat(name: "tone.mp3", arguments: ["-c:a", "libmp3lame"], picture: "jpg", keepsReplayGain: true),
        TaggedFormat(name: "tone.opus", arguments: ["-c:a", "libopus"], picture: nil, keepsReplayGain: true),
        TaggedFormat(name: "vorbis.ogg", arguments: ["-c:a", "libvorbis"], picture: nil, keepsReplayGain: true),
    ]

    /// The tags every format is written with.
    static let metadata = [
        "title=Tone", "artist=Oscillator", "album=Test Signals", "album_artist=Various Artists", "track=3/12", "disc=1/2",
        "REPLAYGAIN_TRACK_GAIN=-6.50 dB", "REPLAYGAIN_TRACK_PEAK=1.25", "REPLAYGAIN_ALBUM_GAIN=-4.25 dB", "REPLAYGAIN_ALBUM_PEAK=0.9",
    ]

    /// Writes `format` with ``metadata`` (and its picture) from a 0.5 s sine in `directory`,
    /// and returns the path with the picture's bytes.
    static func write(_ format: TaggedFormat, in directory: String) throws -> (path: String, picture: [UInt8]?) {
        let source = "\(directory)/source.wav"
        try SineSignal().write(to: source, format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16))
        let path = "\(directory)/\(format.name)"
        let tags = metadata.flatMap { ["-metadata", $0] }
        guard let kind = format.picture else {
            try FFmpegTool.run(["-i", source] + format.arguments + tags + [path])
            return (path, nil)
        }
        let picture = "\(directory)/cover.\(kind)"
        try FFmpegTool.run(["-f", "lavfi", "-i", "color=c=red:s=16x16", "-frames:v", "1", picture])
        try FFmpegTool.run(["-i", source, "-i", picture, "-map", "0:a", "-map", "1:v", "-c:v", "copy", "-disposition:v", "attached_pic"]
            + format.arguments + tags + [path])
        return (path, [UInt8](try Data(contentsOf: URL(fileURLWithPath: picture))))
    }

    @Test("title, artist, album, album artist, track and disc numbers, duration, artwork and ReplayGain in every format", arguments: formats)
    func tagsInEveryFormat(format: TaggedFormat) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (path, picture) = try Self.write(format, in: directory)
        let tags = try FFmpegTagReader().read(url: URL(fileURLWithPath: path))
        #expect(tags.title == "Tone" && tags.artist == "Oscillator" && tags.album == "Test Signals")
        #expect(tags.albumArtist == "Various Artists")
        #expect(tags.trackNumber == 3 && tags.trackTotal == 12)
        #expect(tags.discNumber == 1 && tags.discTotal == 2)
        let duration = try #require(tags.duration)
        #expect(abs(duration - 0.5) < 0.05, "duration \(duration)")
        if let picture {
            #expect(tags.artwork == EmbeddedArtwork(data: picture, mimeType: format.picture == "png" ? "image/png" : "image/jpeg"))
        } else {
            #expect(tags.artwork == nil)
        }
        let expected = ReplayGain(trackGain: -6.5, trackPeak: 1.25, albumGain: -4.25, albumPeak: 0.9)
        #expect(tags.replayGain == (format.keepsReplayGain ? expected : nil))
    }

    @Test("ReplayGain from the replaygain side data: an MP3 whose only gain is in its LAME header")
    func replayGainSideData() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (_, encoded) = try FFmpegTestCodec.mp3.write(in: directory)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: encoded)))
        // The Info header's 9-byte encoder string ("Lavc…" from ffmpeg's muxer) is followed by
        // the revision, the low-pass, the 32-bit peak (1.0 = 2^23) and the 16-bit radio (track)
        // and audiophile (album) gains: 3 bits of kind, 3 of origin, a sign, then 0.1 dB steps.
        // FFmpeg takes them only when the tag's CRC-16, over the frame's first 190 bytes and
        // stored 34 bytes after the encoder string, matches.
        let info = try #require(Self.offset(of: Array("Info".utf8), in: bytes))
        let start = try #require(Self.offset(of: Array("Lavc".utf8), in: Array(bytes[info...]))) + info
        let peak = UInt32(1.25 * Double(1 << 23))
        for index in 0..<4 { bytes[start + 11 + index] = UInt8(truncatingIfNeeded: peak >> (24 - 8 * UInt32(index))) }
        let trackGain: UInt16 = 1 << 13 | 3 << 10 | 1 << 9 | 65, albumGain: UInt16 = 2 << 13 | 3 << 10 | 1 << 9 | 43
        bytes[(start + 15)...(start + 18)] = [UInt8(trackGain >> 8), UInt8(trackGain & 0xFF), UInt8(albumGain >> 8), UInt8(albumGain & 0xFF)]
        let crc = Self.crc16(bytes[(start + 34 - 190)..<(start + 34)])
        bytes[(start + 34)...(start + 35)] = [UInt8(crc >> 8), UInt8(crc & 0xFF)]
        let path = "\(directory)/lame-gain.mp3"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let tags = try FFmpegTagReader().read(url: URL(fileURLWithPath: path))
        #expect(tags.replayGain == ReplayGain(trackGain: -6.5, trackPeak: 1.25, albumGain: -4.3))
    }

    @Test("a file without tags has only its duration; the fallback reader stands in only where FFmpeg does not read the file")
    func untaggedAndFallback() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let plain = "\(directory)/plain.wav"
        try SineSignal().write(to: plain, format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16))
        #expect(try FFmpegTagReader().read(url: URL(fileURLWithPath: plain)) == TagBundle(duration: 0.5))
        #expect(try FallbackTagReader().read(url: URL(fileURLWithPath: plain)) == TagBundle(duration: 0.5))

        let url = URL(fileURLWithPath: "/music/x.wav")
        let fallback = StubTagReader(result: .success(TagBundle(title: "from libsndfile")))
        let refusing = StubTagReader(result: .failure(.unsupported("x.wav: not a format FFmpeg reads")))
        #expect(try FallbackTagReader(refusing, fallback: fallback).read(url: url).title == "from libsndfile")
        for error: AudioError in [.decodeError("x.wav: damaged"), .notFound("no file at /music/x.wav")] {
            #expect(throws: error) { try FallbackTagReader(StubTagReader(result: .failure(error)), fallback: fallback).read(url: url) }
        }
        #expect(throws: AudioError.unsupported("x.wav: not a format FFmpeg reads")) {
            try FallbackTagReader(refusing, fallback: StubTagReader(result: .failure(.unsupported("Format not recognised.")))).read(url: url)
        }
    }

    @Test("numbers read n or n/total, gains with or without dB, keys in any case; anything else is no value")
    func fieldParsing() {
        #expect(FFmpegTagFields.numberAndTotal("3/12") == (3, 12))
        #expect(FFmpegTagFields.numberAndTotal(" 7 ") == (7, nil))
        #expect(FFmpegTagFields.numberAndTotal("0/5") == (nil, 5))
        #expect(FFmpegTagFields.numberAndTotal("x/y") == (nil, nil))
        #expect(FFmpegTagFields.numberAndTotal("4/") == (4, nil))
        #expect(FFmpegTagFields.decibels("-6.50 dB") == -6.5)
        #expect(FFmpegTagFields.decibels("+3 DB") == 3)
        #expect(FFmpegTagFields.decibels("2.25") == 2.25)
        for bad in ["nan", "inf dB", "loud", "", "dB"] { #expect(FFmpegTagFields.decibels(bad) == nil, "\(bad)") }
        #expect(FFmpegTagFields.peak("0.988") == 0.988)
        for bad in ["-0.5", "nan", "inf", "high"] { #expect(FFmpegTagFields.peak(bad) == nil, "\(bad)") }

        let fields = FFmpegTagFields([
            ("TITLE", "First"), ("title", "Second"), ("ALBUMARTIST", "Band"), ("TRACKNUMBER", "5"), ("TRACKTOTAL", "9"),
            ("DISCNUMBER", "2"), ("TOTALDISCS", "3"), ("replaygain_track_gain", "1.5 dB"), ("artist", ""),
        ])
        #expect(fields.tags == TagBundle(
            title: "First", albumArtist: "Band", trackNumber: 5, trackTotal: 9, discNumber: 2, discTotal: 3,
            replayGain: ReplayGain(trackGain: 1.5)))
    }

    /// CRC-16/ARC (polynomial 0xA001 reflected, initial 0), the checksum of a LAME Info tag.
    static func crc16(_ bytes: ArraySlice<UInt8>) -> UInt16 {
        bytes.reduce(UInt16(0)) { crc, byte in
            (0..<8).reduce(crc ^ UInt16(byte)) { value, _ in value & 1 == 1 ? value >> 1 ^ 0xA001 : value >> 1 }
        }
    }

    /// The first offset of `pattern` in `bytes`.
    static func offset(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        return (0...(bytes.count - pattern.count)).first { bytes[$0..<($0 + pattern.count)].elementsEqual(pattern) }
    }
}

/// A tag reader that gives one result for every file.
struct StubTagReader: TagReaderPort {
    /// What every read gives.
    let result: Result<TagBundle, AudioError>

    /// The result.
    func read(url: URL) throws(AudioError) -> TagBundle {
        try result.get()
    }
}
