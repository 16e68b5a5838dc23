import Foundation
import Audio
import Testing

@testable import Harmonia

/// What the command line's paths give: files as named, folders' audio files sorted.
struct LibraryScanTests {
    static let extensions = FormatPolicy(isProUser: true).allowedFormats

    @Test func foldersGiveTheirAudioFilesRecursivelySortedByPath() throws {
        let folder = try TestFolder()
        defer { folder.remove() }
        for name in ["b/10 ten.flac", "b/2 two.WAV", "a.mp3", "b/c/x.aiff", "notes.txt", "cover.jpg", ".hidden.wav", ".git/y.wav", "b/.z.flac"] {
            try folder.write([1], to: name)
        }
        try FileManager.default.createDirectory(atPath: folder.path + "/folder.wav", withIntermediateDirectories: false)
        let names = LibraryScan.candidates(for: [folder.path], extensions: Self.extensions).map { candidate -> String in
            guard case .file(let url) = candidate else { return "unplayable" }
            return String(url.path.dropFirst(folder.path.count + 1))
        }
        #expect(names == ["a.mp3", "b/2 two.WAV", "b/10 ten.flac", "b/c/x.aiff"])
    }

    /// The scan looks at every audio extension, not only the ones the user may play, so a file
    /// the player refuses (a Pro format, a WMA) reaches the reader and is listed with its
    /// reason; Ogg, Opus and `.aif` are audio; covers and notes are passed over.
    @Test func theScanTakesEveryAudioFileSoThatRefusalsAreListed() throws {
        let folder = try TestFolder()
        defer { folder.remove() }
        for name in ["a.ogg", "b.aif", "c.flac", "d.opus", "e.oga", "f.wma", "cover.jpg", "notes.txt"] {
            try folder.write([1], to: name)
        }
        let names = LibraryScan.candidates(for: [folder.path], extensions: FormatPolicy.audioExtensions).map { candidate -> String in
            guard case .file(let url) = candidate else { return "unplayable" }
            return url.lastPathComponent
        }
        #expect(names == ["a.ogg", "b.aif", "c.flac", "d.opus", "e.oga", "f.wma"])
        let free = FormatPolicy(isProUser: false)
        for playable in ["a.ogg", "b.aif", "d.opus", "e.oga"] {
            #expect(free.allowedFormats.contains(URL(fileURLWithPath: playable).pathExtension), "\(playable)")
        }
    }

    @Test func filesAreTakenAsNamedInTheirOrder() throws {
        let folder = try TestFolder()
        defer { folder.remove() }
        let notes = try folder.write([1], to: "notes.txt")
        let song = try folder.write([1], to: "z.wav")
        let candidates = LibraryScan.candidates(for: [song, notes, song], extensions: Self.extensions)
        #expect(candidates == [.file(URL(fileURLWithPath: song)), .file(URL(fileURLWithPath: notes)), .file(URL(fileURLWithPath: song))],
                "a named file is read whatever its extension, and twice when named twice")
    }

    @Test func missingPathsAndFoldersWithoutAudioAreUnplayable() throws {
        let folder = try TestFolder()
        defer { folder.remove() }
        try folder.write([1], to: "empty/readme.txt")
        let candidates = LibraryScan.candidates(for: [folder.path + "/gone.wav", folder.path + "/empty", ""], extensions: Self.extensions)
        let failures = candidates.map { candidate -> (String, AudioError)? in
            guard case .unplayable(let file) = candidate else { return nil }
            return (file.url.path, file.error)
        }
        #expect(failures.count == 3)
        #expect(failures[0]?.0 == folder.path + "/gone.wav" && failures[0]?.1 == .notFound("no file or folder at \(folder.path)/gone.wav"))
        #expect(failures[1]?.0 == folder.path + "/empty" && failures[1]?.1 == .notFound("no audio files in \(folder.path)/empty"))
        #expect(failures[2]?.1 == .notFound("no file or folder at "), "an empty argument names nothing")
    }

    @Test func relativePathsBecomeAbsolute() {
        let candidates = LibraryScan.candidates(for: ["./gone/../gone.wav"], extensions: Self.extensions)
        guard case .unplayable(let file) = candidates.first else { Issue.record("\(candidates)"); return }
        #expect(file.url.path == FileManager.default.currentDirectoryPath + "/gone.wav")
    }

    @Test func readingAppliesTheFormatRuleBeforeTheTags() async throws {
        let folder = try TestFolder()
        defer { folder.remove() }
        let track = try TestTrack.write(to: try folder.file("a.flac"), format: TestTrack.flac, seconds: 0.5, level: 0.1, title: "Air", artist: "Ann")
        let reader = CoreFactory().makeTagReaderService()
        let pro = try await LibraryScan.track(at: URL(fileURLWithPath: track.path), policy: FormatPolicy(isProUser: true), tagReader: reader).get()
        #expect(pro.title == "Air" && pro.artist == "Ann" && pro.album == "" && pro.duration == 0.5)
        let free = await LibraryScan.track(at: URL(fileURLWithPath: track.path), policy: FormatPolicy(isProUser: false), tagReader: reader)
        #expect(throws: AudioError.unsupported("a.flac: .flac needs Pro")) { try free.get() }
    }
}
