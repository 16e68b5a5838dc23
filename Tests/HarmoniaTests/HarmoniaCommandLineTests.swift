import Foundation
import TerminalTesting
import Testing

/// `harmonia` from scripts: `--print`, and the one-line errors.
struct HarmoniaCommandLineTests {
    /// Runs `harmonia` without a terminal.
    static func run(_ arguments: [String]) throws -> BuiltProduct.Result {
        try BuiltProduct("harmonia").run(arguments)
    }

    @Test func printListsTracksWithTagsAndTheFilesThatCannotBePlayed() throws {
        let library = try HarmoniaLibrary()
        defer { library.folder.remove() }
        let notes = try library.folder.write(Array("hello".utf8), to: "notes.txt")
        let missing = library.folder.path + "/missing.wav"
        let result = try Self.run(["--print", library.alpha.path, library.damaged, library.bravo.path, notes, missing, library.charlie.path])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let tracks = json["tracks"] as! [[String: Any]]
        #expect(tracks.map { $0["title"] as? String } == ["Alpha", "Bravo", "charlie"])
        #expect(tracks.map { $0["artist"] as? String } == ["Ann", "Bob", ""])
        #expect(tracks.map { $0["album"] as? String } == ["First", "Second", ""])
        #expect(tracks.map { $0["duration"] as? Double } == [1, 12, 1])
        #expect(tracks.map { $0["path"] as? String } == [library.alpha.path, library.bravo.path, library.charlie.path])
        let streams = tracks.map { $0["stream"] as? [String: Any] }
        #expect(streams.map { $0?["format"] as? String } == ["wav", "flac", "wav"], "\(streams)")
        #expect(streams.allSatisfy { ($0?["channels"] as? Int ?? 0) >= 1 && ($0?["sampleRate"] as? Double ?? 0) > 0 })
        let unplayable = json["unplayable"] as! [[String: Any]]
        #expect(unplayable.map { $0["path"] as? String } == [library.damaged, notes, missing])
        #expect(unplayable.map { $0["error"] as? String } == ["decodeError", "unsupported", "notFound"], "\(unplayable)")
        #expect((unplayable[1]["message"] as? String) == "notes.txt: .txt is not a supported format")
        #expect(!FileManager.default.fileExists(atPath: library.recording))
    }

    @Test func printReadsAnM4AsFullTagsThroughFFmpeg() throws {
        let folder = try TestFolder()
        defer { folder.remove() }
        let song = folder.path + "/song.m4a"
        // FFmpeg's own AAC encoder writes the file and its tags.
        let encoder = Process()
        encoder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        encoder.arguments = [
            "ffmpeg", "-nostdin", "-y", "-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "sine=frequency=440:duration=1",
            "-c:a", "aac", "-metadata", "title=Sine", "-metadata", "artist=Ann", "-metadata", "album_artist=Various",
            "-metadata", "track=3/12", "-metadata", "disc=1/2", song,
        ]
        try encoder.run()
        encoder.waitUntilExit()
        try #require(encoder.terminationStatus == 0, "the ffmpeg tool encodes the test file")
        let result = try Self.run(["--print", song])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        let track = try #require((json["tracks"] as! [[String: Any]]).first)
        #expect(track["title"] as? String == "Sine" && track["artist"] as? String == "Ann" && track["albumArtist"] as? String == "Various")
        #expect(track["track"] as? Int == 3 && track["trackTotal"] as? Int == 12 && track["disc"] as? Int == 1 && track["discTotal"] as? Int == 2)
        #expect((track["duration"] as? Double).map { abs($0 - 1) < 0.05 } == true, "\(track)")
        let stream = try #require(track["stream"] as? [String: Any], "\(track)")
        #expect(stream["format"] as? String == "m4a" && stream["channels"] as? Int == 1, "\(stream)")
        #expect(stream["sampleRate"] as? Double == 44_100 && stream["bitDepth"] as? Int == 16, "\(stream)")
    }

    @Test func printSearchesFolders() throws {
        let library = try HarmoniaLibrary()
        defer { library.folder.remove() }
        let result = try Self.run(["--print", library.folder.path])
        #expect(result.status == 0)
        let json = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
        #expect((json["tracks"] as! [[String: Any]]).map { $0["title"] as? String } == ["Alpha", "Bravo", "charlie"])
        #expect((json["unplayable"] as! [[String: Any]]).map { $0["path"] as? String } == [library.damaged])
    }

    @Test func playingWithoutATerminalIsRefused() throws {
        let library = try HarmoniaLibrary()
        defer { library.folder.remove() }
        let result = try Self.run([library.alpha.path])
        #expect(result.status == 1 && result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("error: ") && result.stderr.contains("--print") && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
    }

    @Test(arguments: [
        ([], "give one or more audio files or folders"),
        (["--bogus", "a.wav"], "--bogus"),
        (["--volume", "101", "ALPHA"], "--volume 101"),
        (["--repeat", "sometimes", "ALPHA"], "sometimes"),
        (["--replay-gain", "loud", "ALPHA"], "loud"),
        (["--output", "wav", "ALPHA"], "expected KIND:PATH"),
        (["--output", "ogg:x.ogg", "ALPHA"], "unknown kind ogg"),
        (["--output", "wav:/nonexistent/x.wav", "ALPHA"], "no folder /nonexistent"),
        (["--output", "wav:x.wav", "--device", "hw:0", "ALPHA"], "give one"),
        (["--device", "", "ALPHA"], "--device needs a device name"),
        (["--print", "MISSING"], "no playable file: no file or folder at"),
        (["--print", "DAMAGED", "MISSING"], "no playable file: damaged.wav"),
    ])
    func badInputIsOneLineAndStatusOne(arguments: [String], says: String) throws {
        let library = try HarmoniaLibrary()
        defer { library.folder.remove() }
        let paths = ["ALPHA": library.alpha.path, "DAMAGED": library.damaged, "MISSING": library.folder.path + "/missing.wav"]
        let result = try Self.run(arguments.map { paths[$0] ?? $0 })
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("error: ") && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stderr.contains(says), "\(result.stderr)")
    }
}
