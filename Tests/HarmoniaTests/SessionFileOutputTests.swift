import Foundation
import Audio
import Testing

@testable import Harmonia

/// One file for a whole session, through the pauses and track changes of the playback service.
struct SessionFileOutputTests {
    /// `frames` stereo frames of `value`.
    static func block(_ value: Float, frames: Int) -> [Float] {
        [Float](repeating: value, count: frames * 2)
    }

    /// The samples of the file at `path`, decoded by the Audio library.
    static func decode(_ path: String) throws -> [Float] {
        let decoder = SndFileDecoder()
        let handle = try decoder.open(url: URL(fileURLWithPath: path))
        defer { decoder.close(handle) }
        var samples: [Float] = []
        var block = [Float](repeating: 0, count: 2048)
        while true {
            let frames = try decoder.read(handle, into: &block, maxFrames: 1024)
            if frames == 0 { return samples }
            samples += block[..<(frames * 2)]
        }
    }

    @Test func stopsAndStartsWriteOnIntoOneFile() throws {
        let folder = try TestFolder()
        defer { folder.remove() }
        let output = SessionFileOutput(path: try folder.file("session.wav"), format: .wavFloat)
        try output.configure(sampleRate: 8_000, channels: 2, framesPerBuffer: 1024)
        try output.start()
        #expect(try output.render(Self.block(0.25, frames: 100), frameCount: 100) == 100)
        output.stop()  // a pause
        output.flush()
        try output.configure(sampleRate: 8_000, channels: 2, framesPerBuffer: 512)  // the next track
        try output.start()
        output.setVolume(0.5)
        #expect(try output.render(Self.block(0.5, frames: 50), frameCount: 50) == 50)
        output.stop()
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/session.wav"), "nothing is final before finish")
        try output.finish()
        let samples = try Self.decode(folder.path + "/session.wav")
        #expect(samples == Self.block(0.25, frames: 100) + Self.block(0.25, frames: 50), "both parts, the second at half volume")
        #expect(try folder.contents() == ["session.wav"], "no temporary file is left")
    }

    @Test func aTrackOfAnotherFormatIsRefused() throws {
        let folder = try TestFolder()
        defer { folder.remove() }
        let output = SessionFileOutput(path: try folder.file("session.wav"), format: .wav16)
        try output.configure(sampleRate: 8_000, channels: 2, framesPerBuffer: 1024)
        #expect(throws: AudioError.unsupported("\(folder.path)/session.wav holds 2 channels at 8000 Hz, not 1 at 44100 Hz")) {
            try output.configure(sampleRate: 44_100, channels: 1, framesPerBuffer: 4096)
        }
        #expect(throws: AudioError.self) { try output.configure(sampleRate: 8_000, channels: 0, framesPerBuffer: 1024) }
        try output.configure(sampleRate: 8_000, channels: 2, framesPerBuffer: 2048)
    }

    @Test func finishingWithoutPlayingWritesNothingAndEndsTheSession() throws {
        let folder = try TestFolder()
        defer { folder.remove() }
        let output = SessionFileOutput(path: try folder.file("session.wav"), format: .wav16)
        try output.configure(sampleRate: 8_000, channels: 2, framesPerBuffer: 1024)
        try output.finish()
        #expect(try folder.contents().isEmpty)
        #expect(throws: AudioError.invalidState("\(folder.path)/session.wav is already finished")) { try output.start() }
        try output.finish()
    }

    @Test func aFileThatCannotBeFinishedIsReported() throws {
        let folder = try TestFolder()
        defer { folder.remove() }
        let path = try folder.file("session.wav")
        let output = SessionFileOutput(path: path, format: .wav16)
        try output.configure(sampleRate: 8_000, channels: 2, framesPerBuffer: 1024)
        try output.start()
        _ = try output.render(Self.block(0.1, frames: 10), frameCount: 10)
        // A folder where the file should go: the rename over it fails.
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        _ = FileManager.default.createFile(atPath: path + "/keep", contents: Data())
        #expect(throws: AudioError.self) { try output.finish() }
    }
}
