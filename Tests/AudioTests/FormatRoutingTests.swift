import CSndFile
import Foundation
import Platform
import SnapshotTesting
import Testing
import Audio

@Suite("Format rules and routing by content")
/// The player's Free/Pro rules and the routing decoder judge files by their bytes.
struct FormatRoutingTests {
    /// Files of every kind the tests route, written in `directory`, by name.
    static func writeFiles(in directory: String) throws -> [String: String] {
        var paths: [String: String] = [:]
        for codec in [FFmpegTestCodec.aac, .alac16, .flac, .opus, .mp3, .wma] {
            paths[codec.name] = try codec.write(SineSignal(frames: 4_800), in: directory).encoded
        }
        let wav = "\(directory)/tone.wav"
        try SineSignal(frames: 4_800).write(to: wav, format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16))
        paths["wav"] = wav
        let aacInWAV = "\(directory)/aac-in.wav"
        try FFmpegTool.encode(wav, to: aacInWAV, codec: ["-c:a", "aac", "-f", "wav"])
        paths["aac-in-wav"] = aacInWAV
        let dsf = "\(directory)/tone.dsf"
        try Data(DSDSignal(bytesPerChannel: 4_096).dsf()).write(to: URL(fileURLWithPath: dsf))
        paths["dsf"] = dsf
        return paths
    }

    @Test("the format a file is judged by is its content; an unreadable file is judged by its extension")
    func formatOfContent() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let paths = try Self.writeFiles(in: directory)
        let expected = ["aac": "m4a", "alac16": "alac", "flac": "flac", "opus": "opus", "mp3": "mp3", "wav": "wav", "aac-in-wav": "aac", "dsf": "dsf"]
        for (name, format) in expected {
            let disguised = "\(directory)/\(name)-disguised.bin"
            try FileManager.default.copyItem(atPath: try #require(paths[name]), toPath: disguised)
            #expect(FormatPolicy.format(of: URL(fileURLWithPath: disguised)) == format, "\(name)")
        }
        #expect(FormatPolicy.format(of: URL(fileURLWithPath: "\(directory)/missing.FLAC")) == "flac")
        #expect(FormatPolicy.format(of: URL(fileURLWithPath: directory + "/")) == "", "a directory has neither content nor extension")
    }

    @Test("Free and Pro rules by content: an M4A named .wav or without extension plays free, FLAC named .wav needs Pro")
    func rulesByContent() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let paths = try Self.writeFiles(in: directory)
        let free = FormatPolicy(isProUser: false), pro = FormatPolicy(isProUser: true)
        for (source, name) in [("aac", "song.wav"), ("aac", "song"), ("alac16", "lossless.m4a"), ("mp3", "tune.ogg")] {
            try FileManager.default.copyItem(atPath: try #require(paths[source]), toPath: "\(directory)/\(name)")
            try free.check(URL(fileURLWithPath: "\(directory)/\(name)"))
        }
        try FileManager.default.copyItem(atPath: try #require(paths["flac"]), toPath: "\(directory)/flac.wav")
        #expect(throws: AudioError.unsupported("flac.wav: its content (flac) needs Pro")) { try free.check(URL(fileURLWithPath: "\(directory)/flac.wav")) }
        try pro.check(URL(fileURLWithPath: "\(directory)/flac.wav"))
        #expect(throws: AudioError.unsupported("tone.dsf: .dsf needs Pro")) { try free.check(URL(fileURLWithPath: try #require(paths["dsf"]))) }
        try pro.check(URL(fileURLWithPath: try #require(paths["dsf"])))
        try FileManager.default.copyItem(atPath: try #require(paths["opus"]), toPath: "\(directory)/opus.mp3")
        try free.check(URL(fileURLWithPath: "\(directory)/opus.mp3"))
        try FileManager.default.copyItem(atPath: try #require(paths["wma"]), toPath: "\(directory)/wma.mp3")
        #expect(throws: AudioError.unsupported("wma.mp3: its content (wmav2) is not a supported format")) {
            try pro.check(URL(fileURLWithPath: "\(directory)/wma.mp3"))
        }
    }

    @Test("the routing decoder sends WAV, FLAC and Opus to libsndfile, the rest to FFmpeg, and each decodes")
    func routesByContent() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let paths = try Self.writeFiles(in: directory)
        let libsndfile = CountingDecoder(SndFileDecoder()), ffmpeg = CountingDecoder(FFmpegDecoder())
        let router = RoutingDecoder(libsndfile: libsndfile, ffmpeg: ffmpeg)
        let expected = ["wav": "libsndfile", "flac": "libsndfile", "opus": "libsndfile", "aac": "FFmpeg", "alac16": "FFmpeg",
                        "mp3": "FFmpeg", "dsf": "FFmpeg", "aac-in-wav": "FFmpeg"]
        for (name, owner) in expected {
            let path = try #require(paths[name])
            let before = (libsndfile.opened, ffmpeg.opened)
            let (info, samples) = try decodeFile(router, path)
            #expect(samples.count / info.channels >= 4_000, "\(name) decodes its 0.1 s (DSD: 4,096 frames)")
            let routed = libsndfile.opened > before.0 ? "libsndfile" : ffmpeg.opened > before.1 ? "FFmpeg" : "nobody"
            #expect(routed == owner, "\(name) went to \(routed)")
        }
        // libsndfile alone calls the WAV of AAC malformed; by content it goes to FFmpeg.
        #expect(throws: AudioError.self) { try SndFileDecoder().open(url: URL(fileURLWithPath: try #require(paths["aac-in-wav"]))) }
    }

    @Test("a decoder that does not read the content passes it to the other; neither reading it is the first one's refusal")
    func fallsBackOnRefusal() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let wav = "\(directory)/tone.wav"
        try SineSignal(frames: 480).write(to: wav, format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16))
        let refusing = RefusingDecoder()
        let router = RoutingDecoder(libsndfile: refusing, ffmpeg: FFmpegDecoder())
        let (_, samples) = try decodeFile(router, wav)
        #expect(samples.count == 960, "libsndfile refused, FFmpeg read it")
        #expect(refusing.asked.withLock { $0 } == 1)

        let garbage = "\(directory)/garbage.bin"
        try Data((0..<4_096).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }).write(to: URL(fileURLWithPath: garbage))
        #expect(throws: AudioError.unsupported("\(garbage): Format not recognised.")) { try RoutingDecoder().open(url: URL(fileURLWithPath: garbage)) }
        #expect(throws: AudioError.notFound("no file at \(directory)/none.m4a")) { try RoutingDecoder().open(url: URL(fileURLWithPath: "\(directory)/none.m4a")) }
        let damaged = "\(directory)/damaged.wav"
        try Data(try Data(contentsOf: URL(fileURLWithPath: wav)).prefix(30)).write(to: URL(fileURLWithPath: damaged))
        let error = #expect(throws: AudioError.self) { try RoutingDecoder().open(url: URL(fileURLWithPath: damaged)) }
        #expect(error == .decodeError("\(damaged): Error in WAV file. No 'data' chunk marker."), "libsndfile's error, not passed on")
        let decoder = RoutingDecoder()
        let handle = try decoder.open(url: URL(fileURLWithPath: wav))
        decoder.close(handle)
        decoder.close(handle)
        #expect(throws: AudioError.invalidState("the decode handle is closed or was not opened by this decoder")) { try decoder.info(handle) }
    }

    @Test("CoreFactory's default service plays an M4A without extension for a Free user and refuses FLAC")
    func defaultServiceRoutes() async throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let paths = try Self.writeFiles(in: directory)
        try FileManager.default.copyItem(atPath: try #require(paths["aac"]), toPath: "\(directory)/song")
        let output = RecordingOutput()
        let service = CoreFactory(output: { output }, clock: ManualClock(), pumpInterval: nil).makePlaybackService(isProUser: false)
        try await service.load(url: URL(fileURLWithPath: "\(directory)/song"))
        #expect(await service.duration() == 0.1)
        await #expect(throws: AudioError.unsupported("flac.flac: .flac needs Pro")) {
            try await service.load(url: URL(fileURLWithPath: try #require(paths["flac"])))
        }
    }
}

/// A decoder that counts the files it opened and passes everything to the one it wraps.
final class CountingDecoder: DecoderPort {
    private let base: any DecoderPort
    private let count = Locked(0)

    /// Wraps `base`.
    init(_ base: any DecoderPort) { self.base = base }

    /// The files opened so far.
    var opened: Int { count.withLock { $0 } }

    /// Opens with the wrapped decoder and counts a success.
    func open(url: URL) throws(AudioError) -> DecodeHandle {
        let handle = try base.open(url: url)
        count.withLock { $0 += 1 }
        return handle
    }

    /// Reads from the wrapped decoder.
    func read(_ handle: DecodeHandle, into buffer: UnsafeMutableBufferPointer<Float>, maxFrames: Int) throws(AudioError) -> Int {
        try base.read(handle, into: buffer, maxFrames: maxFrames)
    }

    /// Seeks in the wrapped decoder.
    func seek(_ handle: DecodeHandle, toSeconds seconds: Double) throws(AudioError) { try base.seek(handle, toSeconds: seconds) }
    /// The wrapped decoder's information.
    func info(_ handle: DecodeHandle) throws(AudioError) -> StreamInfo { try base.info(handle) }
    /// Closes in the wrapped decoder.
    func close(_ handle: DecodeHandle) { base.close(handle) }
}

/// A decoder that reads nothing: every open is `unsupported`.
final class RefusingDecoder: DecoderPort {
    /// How many opens it refused.
    let asked = Locked(0)

    /// Refuses.
    func open(url: URL) throws(AudioError) -> DecodeHandle {
        asked.withLock { $0 += 1 }
        throw .unsupported("\(url.lastPathComponent): refused")
    }

    /// Never reached: nothing is open.
    func read(_ handle: DecodeHandle, into buffer: UnsafeMutableBufferPointer<Float>, maxFrames: Int) throws(AudioError) -> Int {
        throw .invalidState("nothing is open")
    }

    /// Never reached: nothing is open.
    func seek(_ handle: DecodeHandle, toSeconds seconds: Double) throws(AudioError) { throw .invalidState("nothing is open") }
    /// Never reached: nothing is open.
    func info(_ handle: DecodeHandle) throws(AudioError) -> StreamInfo { throw .invalidState("nothing is open") }
    /// Nothing to close.
    func close(_ handle: DecodeHandle) {}
}
