import Foundation
import SnapshotTesting
import Testing
import Audio

@Suite("libsndfile decoder: files it cannot open")
/// Paths the decoder cannot open at all.
struct SndFileBadInputTests {
    @Test("missing, empty, garbage, directory, FIFO and non-file URLs each get their typed error")
    func unopenable() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let empty = "\(directory)/empty.wav"
        #expect(FileManager.default.createFile(atPath: empty, contents: Data()))
        let garbage = "\(directory)/garbage.wav"
        #expect(FileManager.default.createFile(atPath: garbage, contents: Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) })))
        let fifo = "\(directory)/pipe.wav"
        #expect(mkfifo(fifo, 0o644) == 0)

        let decoder = SndFileDecoder()
        #expect(throws: AudioError.notFound("no file at \(directory)/none.wav")) {
            try decoder.open(url: URL(fileURLWithPath: "\(directory)/none.wav"))
        }
        #expect(throws: AudioError.decodeError("\(empty) is empty")) { try decoder.open(url: URL(fileURLWithPath: empty)) }
        let garbageError = #expect(throws: AudioError.self) { try decoder.open(url: URL(fileURLWithPath: garbage)) }
        #expect(garbageError == .unsupported("\(garbage): Format not recognised."), "\(String(describing: garbageError))")
        #expect(throws: AudioError.unsupported("\(directory) is a directory, not an audio file")) {
            try decoder.open(url: URL(fileURLWithPath: directory))
        }
        #expect(throws: AudioError.unsupported("\(fifo) is not a regular file (a FIFO, socket or device)")) {
            try decoder.open(url: URL(fileURLWithPath: fifo))
        }
        #expect(throws: AudioError.unsupported("https://example.com/a.wav is not a file URL")) {
            try decoder.open(url: URL(string: "https://example.com/a.wav")!)
        }
    }
}
