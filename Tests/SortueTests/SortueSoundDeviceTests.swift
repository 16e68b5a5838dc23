import Foundation
import Audio
import TerminalTesting
import Testing

/// `sortue --music` plays through the sound device; where none opens (a machine with no sound
/// card), one line says so, ALSA prints nothing of its own, and the game runs with silent music.
@Suite("sortue sound device", .serialized, .onItsOwnThread)
struct SortueSoundDeviceTests {
    /// Whether ALSA's `default` device opens on this machine.
    static var defaultDeviceOpens: Bool {
        (try? ALSAOutput(device: "default").configure(sampleRate: 8_000, channels: 1, framesPerBuffer: 1_024)) != nil
    }

    @Test func theMusicSaysOnceWhenThereIsNoSoundDevice() throws {
        let directory = try SortueTerminalTests.saveDirectory()
        let track = try SortueMusicTests.sineWAV(seconds: 0.25)
        defer {
            try? FileManager.default.removeItem(atPath: directory)
            try? FileManager.default.removeItem(atPath: track)
        }
        let terminal = try PseudoTerminal(path: try BuiltProduct("sortue").path(), arguments: ["--save-dir", directory, "--music", track])
        defer { terminal.kill() }
        // The preview lasts 2.5 s: the 0.25 s track is reloaded several times meanwhile.
        #expect(terminal.read(upTo: PseudoTerminal.wait) { $0.contains("[playing]") }, "the game goes on: \(terminal.screen)")
        terminal.type("q")
        #expect(terminal.exitStatus(within: PseudoTerminal.wait) == 0)
        let notices = terminal.text.components(separatedBy: "sortue: no sound device (").count - 1
        #expect(notices == (Self.defaultDeviceOpens ? 0 : 1), "\(terminal.text.debugDescription)")
        #expect(!terminal.text.contains("ALSA lib"))
    }
}
