import Foundation
import Tiles
import TerminalTesting
import Testing

/// `sortue` driven end to end: a whole game through a pseudo-terminal, Ctrl-C, `--print`
/// and bad options.
@Suite("sortue", .serialized, .onItsOwnThread)
struct SortueTerminalTests {
    /// A fresh save directory.
    static func saveDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sortue-\(UInt64.random(in: 0...UInt64.max))").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    /// The saved casual game in `directory`.
    static func save(in directory: String) throws -> GameState {
        let bytes = try FileAccess.readFile(at: directory + "/" + TileGameController.saveKey(for: .casual))
        return try GameStateCodec.decode(bytes, mode: .casual)
    }

    /// The arrow keys that move the cursor from slot `from` to slot `to` on a `dimension` grid.
    static func arrows(from: Int, to: Int, dimension: Int) -> String {
        let dx = to % dimension - from % dimension, dy = to / dimension - from / dimension
        return String(repeating: dx > 0 ? "\u{1B}[C" : "\u{1B}[D", count: abs(dx))
            + String(repeating: dy > 0 ? "\u{1B}[B" : "\u{1B}[A", count: abs(dy))
    }

    @Test func aWholeGameThroughAPseudoTerminal() throws {
        let directory = try Self.saveDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let terminal = try PseudoTerminal(path: try BuiltProduct("sortue").path(), arguments: ["--save-dir", directory, "--mode", "casual"])
        defer { terminal.kill() }
        let before = terminal.initialSettings
        #expect(terminal.read(upTo: PseudoTerminal.wait) { $0.contains("[preview]") }, "the preview is drawn: \(terminal.screen)")
        #expect(terminal.text.contains("\u{1B}[?1049h"), "the alternate screen is used")
        #expect(terminal.text.contains("\u{1B}[48;2;"), "tiles are 24-bit colour blocks")
        #expect(terminal.read(upTo: PseudoTerminal.wait) { $0.contains("[playing]") }, "the board shuffles after the preview")
        let raw = terminal.settings()
        #expect(raw.c_lflag & tcflag_t(ECHO | ICANON) == 0, "raw mode while playing")

        // One swap by hand: the cursor to a misplaced tile, space, the cursor to its slot, space.
        let shuffled = try Self.save(in: directory)
        let slot = shuffled.tiles.indices.first { shuffled.tiles[$0].correctId != $0 }!
        let target = shuffled.tiles[slot].correctId
        terminal.type(Self.arrows(from: 0, to: slot, dimension: 4) + " ")
        terminal.type(Self.arrows(from: slot, to: target, dimension: 4) + " ")
        #expect(terminal.read(upTo: PseudoTerminal.wait) { _ in (try? Self.save(in: directory).moves) == 1 }, "the swap is saved")
        let swapped = try Self.save(in: directory)
        #expect(swapped.tiles[target].id == shuffled.tiles[slot].id)

        // Hints finish the game.
        var hints = 0
        while (try Self.save(in: directory)).status == .playing, hints < 20 {
            terminal.type("h")
            hints += 1
            terminal.read(upTo: PseudoTerminal.wait) { _ in (try? Self.save(in: directory).moves) == 1 + 5 * hints }
        }
        #expect(terminal.read(upTo: PseudoTerminal.wait) { _ in terminal.screen.contains("Solved in") }, "the win is announced: \(terminal.screen)")
        #expect(terminal.read(upTo: PseudoTerminal.wait) { _ in terminal.screen.contains("[won]") }, "won after the animation: \(terminal.screen)")
        #expect(try Self.save(in: directory).status == .won)

        terminal.type("q")
        #expect(terminal.exitStatus(within: PseudoTerminal.wait) == 0)
        #expect(terminal.text.hasSuffix(TerminalEscapes.leave), "the main screen and cursor come back: \(terminal.text.suffix(40).debugDescription)")
        let after = terminal.settings()
        #expect(after.c_lflag == before.c_lflag && after.c_iflag == before.c_iflag, "the terminal is left as found")
    }

    @Test func ctrlCRestoresTheTerminal() throws {
        let directory = try Self.saveDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let terminal = try PseudoTerminal(path: try BuiltProduct("sortue").path(), arguments: ["--save-dir", directory, "--mode", "pure"])
        defer { terminal.kill() }
        let before = terminal.initialSettings
        #expect(terminal.read(upTo: PseudoTerminal.wait) { $0.contains("[preview]") })
        terminal.type("\u{03}")
        #expect(terminal.exitStatus(within: PseudoTerminal.wait) == 128 + SIGINT)
        #expect(terminal.text.hasSuffix(TerminalEscapes.leave))
        let after = terminal.settings()
        #expect(after.c_lflag == before.c_lflag && after.c_iflag == before.c_iflag)
    }

    @Test func sigtermRestoresTheTerminal() throws {
        let directory = try Self.saveDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let terminal = try PseudoTerminal(path: try BuiltProduct("sortue").path(), arguments: ["--save-dir", directory])
        defer { terminal.kill() }
        let before = terminal.initialSettings
        #expect(terminal.read(upTo: PseudoTerminal.wait) { $0.contains("[preview]") })
        kill(terminal.pid, SIGTERM)
        #expect(terminal.exitStatus(within: PseudoTerminal.wait) == 128 + SIGTERM)
        #expect(terminal.text.hasSuffix(TerminalEscapes.leave))
        let after = terminal.settings()
        #expect(after.c_lflag == before.c_lflag && after.c_iflag == before.c_iflag)
    }

    @Test func printShowsTheSavedGameOrANewOne() throws {
        let directory = try Self.saveDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fresh = try BuiltProduct("sortue").run(["--save-dir", directory, "--mode", "precision", "--print"])
        #expect(fresh.status == 0 && fresh.stderr.isEmpty)
        let state = try GameStateCodec.decode(Array(fresh.stdout.utf8.dropLast()), mode: .precision)
        #expect(state.status == .preview && state.gridDimension == 4 && state.currentLevel == 1)

        // A corrupt save: a new game, one line on stderr, the bad file kept.
        let key = TileGameController.saveKey(for: .precision)
        try Data("{\"tiles\": 7".utf8).write(to: URL(fileURLWithPath: directory + "/" + key))
        let recovered = try BuiltProduct("sortue").run(["--save-dir", directory, "--mode", "precision", "--print"])
        #expect(recovered.status == 0)
        #expect(recovered.stderr.split(separator: "\n").count == 1 && recovered.stderr.contains("not JSON"))
        #expect(FileManager.default.fileExists(atPath: directory + "/" + key + ".corrupt-1"))
        #expect((try? GameStateCodec.decode(Array(recovered.stdout.utf8.dropLast()), mode: .precision)) != nil)
    }

    @Test(arguments: [["--mode", "zen", "--print"], ["--bogus"], ["--mode"], ["--save-dir", "/proc/sortue", "--print"]])
    func badOptionsAreOneLineAndStatusOne(arguments: [String]) throws {
        let result = try BuiltProduct("sortue").run(arguments)
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("error: ") && result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
        #expect(result.stdout.isEmpty)
    }

    @Test func playingWithoutATerminalIsRefused() throws {
        let directory = try Self.saveDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try BuiltProduct("sortue").run(["--save-dir", directory])
        #expect(result.status == 1 && result.stderr.contains("--print"))
    }
}
