import Foundation
import TerminalTesting
import Testing

/// `sortue --music`: the track loops behind a game through the audio system, and a track that
/// cannot be played is one line and status 1.
@Suite("sortue music", .serialized, .onItsOwnThread)
struct SortueMusicTests {
    /// A 16-bit mono PCM WAV file of `seconds` of a 440 Hz sine at 8 kHz, written byte by byte so
    /// the test does not depend on the decoder it exercises.
    static func sineWAV(seconds: Double) throws -> String {
        let rate = 8_000, frames = Int(Double(rate) * seconds)
        var bytes: [UInt8] = []
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        bytes += Array("RIFF".utf8); append(UInt32(36 + frames * 2)); bytes += Array("WAVEfmt ".utf8)
        append(UInt32(16)); append(UInt16(1)); append(UInt16(1)); append(UInt32(rate)); append(UInt32(rate * 2))
        append(UInt16(2)); append(UInt16(16)); bytes += Array("data".utf8); append(UInt32(frames * 2))
        for i in 0..<frames {
            append(Int16(16_000 * sin(2 * Double.pi * 440 * Double(i) / Double(rate))))
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sortue-music-\(UInt64.random(in: 0...UInt64.max)).wav").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The track is any file the decoder reads, whatever its extension: `.oga` and `.opus`
    /// were refused by the player's Free and Pro rule (`unsupported: .ogg`) before the decoder
    /// saw them.
    @Test(arguments: ["wav", "oga", "opus"])
    func aShortTrackLoopsBehindTheGameAndQuitLeavesCleanly(extension: String) throws {
        let directory = try SortueTerminalTests.saveDirectory()
        let wav = try Self.sineWAV(seconds: 0.25)
        let track = String(wav.dropLast(3)) + `extension`
        if track != wav { try FileManager.default.moveItem(atPath: wav, toPath: track) }
        defer {
            try? FileManager.default.removeItem(atPath: directory)
            try? FileManager.default.removeItem(atPath: track)
        }
        let terminal = try PseudoTerminal(path: try BuiltProduct("sortue").path(), arguments: ["--save-dir", directory, "--music", track])
        defer { terminal.kill() }
        #expect(terminal.read(upTo: PseudoTerminal.wait) { $0.contains("[preview]") }, "the game starts with music: \(terminal.screen)")
        // The preview lasts 2.5 s: the 0.25 s track ends and is reloaded several times meanwhile.
        #expect(terminal.read(upTo: PseudoTerminal.wait) { $0.contains("[playing]") }, "the game goes on while the track loops")
        terminal.type("q")
        #expect(terminal.exitStatus(within: PseudoTerminal.wait) == 0)
        #expect(terminal.text.hasSuffix(TerminalEscapes.leave))
    }

    @Test(arguments: ["garbage", "missing"])
    func aTrackThatCannotBePlayedIsOneLineAndStatusOne(kind: String) throws {
        let directory = try SortueTerminalTests.saveDirectory()
        let track = directory + "/track.wav"
        defer { try? FileManager.default.removeItem(atPath: directory) }
        if kind == "garbage" {
            try Data((0..<4_096).map { UInt8(truncatingIfNeeded: $0 &* 131 &+ 7) }).write(to: URL(fileURLWithPath: track))
        }
        let terminal = try PseudoTerminal(path: try BuiltProduct("sortue").path(), arguments: ["--save-dir", directory, "--music", track])
        defer { terminal.kill() }
        #expect(terminal.exitStatus(within: PseudoTerminal.wait) == 1)
        let lines = terminal.text.split(whereSeparator: \.isNewline).filter { $0.contains("error:") }
        #expect(lines.count == 1 && lines[0].contains("--music"), "\(terminal.text.debugDescription)")
    }
}
