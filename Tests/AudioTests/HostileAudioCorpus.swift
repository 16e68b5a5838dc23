import CSndFile
import ECS
import Foundation
import Audio

/// Damaged, lying and hostile files for the FFmpeg decoder, written into a directory: M4A (ALAC
/// with its index at the end, AAC with it at the front), MP3, DSF and DSDIFF files truncated,
/// bit-flipped and with absurd header counts, and things that are not audio at all.
struct HostileAudioCorpus {
    /// What opening a file must give.
    enum Outcome: Equatable {
        /// This error (case and the message's end, after the path).
        case error(AudioError)
        /// A typed error or a sane decode, whichever this FFmpeg makes of it.
        case errorOrDecode
    }

    /// One file of the corpus.
    struct Entry {
        /// The file's name in the corpus directory.
        let name: String
        /// Its path.
        let path: String
        /// What opening it must give.
        let outcome: Outcome
    }

    /// The files, in the order written.
    private(set) var entries: [Entry] = []
    /// The directory holding them.
    let directory: String

    /// Writes the corpus into `directory`.
    init(in directory: String) throws {
        self.directory = directory
        let source = "\(directory)/source.wav"
        try SineSignal(frames: 9_600).write(to: source, format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16))
        try FFmpegTool.encode(source, to: "\(directory)/source-alac.m4a", codec: ["-c:a", "alac"])
        try FFmpegTool.encode(source, to: "\(directory)/source-aac.m4a", codec: ["-c:a", "aac", "-movflags", "+faststart"])
        try FFmpegTool.encode(source, to: "\(directory)/source.mp3", codec: ["-c:a", "libmp3lame"])
        let alac = try Self.bytes(of: "\(directory)/source-alac.m4a")
        let aac = try Self.bytes(of: "\(directory)/source-aac.m4a")
        let mp3 = try Self.bytes(of: "\(directory)/source.mp3")
        let dsf = DSDSignal(bytesPerChannel: 4_096).dsf(), dff = DSDSignal(bytesPerChannel: 4_096).dff()

        for (name, bytes) in [("alac", alac), ("aac", aac), ("mp3", mp3), ("dsf", dsf), ("dff", dff)] {
            for cut in [16, 200, bytes.count / 3, bytes.count / 2, bytes.count - 100] {
                try add("\(name)-cut-\(cut)", Array(bytes.prefix(cut)), .errorOrDecode)
            }
        }
        try add("alac-index-cut-off", Array(alac.prefix(alac.count / 2)), .error(.decodeError("FFmpeg's mov reader rejects it: Invalid data found when processing input")))
        var generator = SplitMix64(seed: 2024)
        for index in 0..<12 {
            for (name, bytes) in [("alac", alac), ("aac", aac), ("mp3", mp3), ("dsf", dsf)] {
                var flipped = bytes
                for _ in 0..<(1 + index % 8) {
                    let position = Int(generator.next() % UInt64(bytes.count))
                    flipped[position] ^= UInt8(1 << (generator.next() % 8))
                }
                try add("\(name)-flip-\(index)", flipped, .errorOrDecode)
            }
        }
        try addAbsurdCounts(alac: alac, aac: aac, dsf: dsf, dff: dff)
        try add("empty.m4a", [], .error(.decodeError("is empty")))
        try add("text.m4a", Array("this is not audio, whatever the name says\n".utf8), .error(.unsupported("not a format FFmpeg reads")))
        try add("playlist.m3u8", Array("#EXTM3U\n#EXT-X-TARGETDURATION:1\n#EXTINF:1,\n/dev/zero\n#EXT-X-ENDLIST\n".utf8),
                .error(.unsupported("FFmpeg reads it as hls, a format that opens other files, which is refused")))
        try add("list.ffconcat", Array("ffconcat version 1.0\nfile '/dev/zero'\n".utf8),
                .error(.unsupported("FFmpeg reads it as concat, a format that opens other files, which is refused")))
        let picture = "\(directory)/picture.png"
        try FFmpegTool.run(["-f", "lavfi", "-i", "color=c=blue:s=8x8", "-frames:v", "1", picture])
        entries.append(Entry(name: "picture.png", path: picture, outcome: .error(.unsupported("FFmpeg finds no audio stream in it (read as png_pipe)"))))
        let folder = "\(directory)/folder.m4a"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        entries.append(Entry(name: "folder.m4a", path: folder, outcome: .error(.unsupported("is a directory, not an audio file"))))
        let fifo = "\(directory)/pipe.m4a"
        guard mkfifo(fifo, 0o644) == 0 else { throw SineWriteError(message: "mkfifo \(fifo) failed") }
        entries.append(Entry(name: "pipe.m4a", path: fifo, outcome: .error(.unsupported("is not a regular file (a FIFO, socket or device)"))))
        entries.append(Entry(name: "missing.m4a", path: "\(directory)/missing.m4a", outcome: .error(.notFound("no file at \(directory)/missing.m4a"))))
    }

    /// Files whose headers claim huge or impossible counts.
    private mutating func addAbsurdCounts(alac: [UInt8], aac: [UInt8], dsf: [UInt8], dff: [UInt8]) throws {
        // MP4: the audio sample entry in `stsd` (size, type, 6 reserved, data reference,
        // version, revision, vendor, then the 16-bit channel count), the ALAC cookie after it
        // (frame length, compatible version, depth, three tuning bytes, then the channel
        // count), and the sample tables' entry counts.
        for (name, bytes) in [("alac", alac), ("aac", aac)] {
            let entry = try Self.offset(of: "stsd", in: bytes) + 12
            try add("\(name)-stsd-65535-channels", Self.patched(bytes, at: entry + 24, bigEndian: 0xFFFF, width: 2), .errorOrDecode)
            let stsz = try Self.offset(of: "stsz", in: bytes)
            try add("\(name)-stsz-4G-samples", Self.patched(bytes, at: stsz + 12, bigEndian: 0xFFFF_FFFF, width: 4),
                    .error(.decodeError("FFmpeg's mov reader rejects it: Invalid data found when processing input")))
            let stts = try Self.offset(of: "stts", in: bytes)
            try add("\(name)-stts-4G-entries", Self.patched(bytes, at: stts + 8, bigEndian: 0xFFFF_FFFF, width: 4),
                    .error(.decodeError("FFmpeg's mov reader rejects it: Cannot allocate memory")))
            try add("\(name)-stts-2G-frames", Self.patched(bytes, at: stts + 12, bigEndian: 0x7FFF_FFFF, width: 4), .errorOrDecode)
            let mdhd = try Self.offset(of: "mdhd", in: bytes)
            try add("\(name)-mdhd-timescale-0", Self.patched(bytes, at: mdhd + 16, bigEndian: 0, width: 4), .errorOrDecode)
            try add("\(name)-mdhd-4G-duration", Self.patched(bytes, at: mdhd + 20, bigEndian: 0xFFFF_FFFF, width: 4), .errorOrDecode)
        }
        let cookie = try Self.offset(of: "alac", in: alac, occurrence: 2) + 8
        try add("alac-cookie-255-channels", Self.patched(alac, at: cookie + 9, bigEndian: 0xFF, width: 1),
                .error(.decodeError("FFmpeg's alac decoder refuses the stream: Not yet implemented in FFmpeg, patches welcome")))
        try add("alac-cookie-4G-frame-length", Self.patched(alac, at: cookie, bigEndian: 0xFFFF_FFFF, width: 4),
                .error(.decodeError("FFmpeg's alac decoder refuses the stream: Invalid data found when processing input")))
        // DSF's `fmt ` chunk: channel type at 40, channel count at 44, rate at 48, bits at 52,
        // sample count at 56, block size at 64 (little-endian).
        try add("dsf-4G-channels", Self.patched(dsf, at: 44, littleEndian: 0xFFFF_FFFF, width: 4), .errorOrDecode)
        try add("dsf-zero-rate", Self.patched(dsf, at: 48, littleEndian: 0, width: 4), .errorOrDecode)
        try add("dsf-huge-sample-count", Self.patched(dsf, at: 56, littleEndian: UInt64.max >> 1, width: 8), .errorOrDecode)
        try add("dsf-zero-block-size", Self.patched(dsf, at: 64, littleEndian: 0, width: 4), .errorOrDecode)
        try add("dsf-4G-block-size", Self.patched(dsf, at: 64, littleEndian: 0xFFFF_FFFF, width: 4), .errorOrDecode)
        // DSDIFF: the `CHNL` chunk's 16-bit count, the `FS  ` chunk's rate.
        try add("dff-65535-channels", Self.patched(dff, at: try Self.offset(of: "CHNL", in: dff) + 12, bigEndian: 0xFFFF, width: 2), .errorOrDecode)
        try add("dff-zero-rate", Self.patched(dff, at: try Self.offset(of: "FS  ", in: dff) + 12, bigEndian: 0, width: 4), .errorOrDecode)
    }

    /// Writes `bytes` as `name` and records what opening it must give.
    private mutating func add(_ name: String, _ bytes: [UInt8], _ outcome: Outcome) throws {
        let path = "\(directory)/\(name)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        entries.append(Entry(name: name, path: path, outcome: outcome))
    }

    /// The bytes of the file at `path`.
    private static func bytes(of path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// The offset of the `occurrence`th appearance of the four-character code `code`.
    static func offset(of code: String, in bytes: [UInt8], occurrence: Int = 1) throws -> Int {
        let pattern = Array(code.utf8)
        var seen = 0
        for index in 0...(bytes.count - pattern.count) where bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
            seen += 1
            if seen == occurrence { return index }
        }
        throw SineWriteError(message: "no \(code) (\(occurrence)) in the file")
    }

    /// `bytes` with `value` written big-endian over `width` bytes at `offset`.
    static func patched(_ bytes: [UInt8], at offset: Int, bigEndian value: UInt64, width: Int) -> [UInt8] {
        var copy = bytes
        for index in 0..<width { copy[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(width - 1 - index))) }
        return copy
    }

    /// `bytes` with `value` written little-endian over `width` bytes at `offset`.
    static func patched(_ bytes: [UInt8], at offset: Int, littleEndian value: UInt64, width: Int) -> [UInt8] {
        var copy = bytes
        for index in 0..<width { copy[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))) }
        return copy
    }
}
