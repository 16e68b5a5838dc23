import Foundation

/// The files the end-to-end tests play: Alpha (1 s WAV, tagged), Bravo (12 s FLAC, tagged),
/// a damaged WAV, and charlie (1 s WAV without tags), in a fresh folder.
struct HarmoniaLibrary {
    /// The folder.
    let folder: TestFolder
    /// 1 s, title Alpha, artist Ann, album First; level 0.1.
    let alpha: TestTrack
    /// 12 s FLAC, title Bravo, artist Bob, album Second; level 0.2.
    let bravo: TestTrack
    /// 1 s, no tags (the screen shows its file name); level 0.3.
    let charlie: TestTrack
    /// A WAV header with nothing after it.
    let damaged: String

    /// Writes the files.
    init() throws {
        folder = try TestFolder()
        alpha = try TestTrack.write(to: try folder.file("alpha.wav"), seconds: 1, level: 0.1, title: "Alpha", artist: "Ann", album: "First")
        bravo = try TestTrack.write(to: try folder.file("bravo.flac"), format: TestTrack.flac, seconds: 12, level: 0.2, title: "Bravo", artist: "Bob", album: "Second")
        charlie = try TestTrack.write(to: try folder.file("charlie.wav"), seconds: 1, level: 0.3)
        damaged = try folder.write(Array("RIFF\u{24}\0\0\0WAVEfmt ".utf8), to: "damaged.wav")
    }

    /// Where `--output` writes.
    var recording: String { folder.path + "/out.wav" }
}
