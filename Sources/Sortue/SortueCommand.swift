import ArgumentParser
import Foundation
import Tiles
import TerminalUI

/// `sortue`: the colour tile puzzle in a terminal, or, with `--print`, the saved game as JSON.
@main
struct SortueCommand: ParsableCommand {
    /// Name, summary and help text.
    static let configuration = CommandConfiguration(
        commandName: "sortue",
        abstract: "Sort the colour tiles back into their gradient, in a terminal with 24-bit colour.",
        discussion: """
            Keys: arrows move the cursor, space selects a tile and swaps it with the selected \
            one, h hint (casual: +5 moves, +30 s), n new game, m next mode, + and - casual grid \
            size, q quit. Games are saved after every move under --save-dir (default \
            $XDG_DATA_HOME/sortue or ~/.local/share/sortue) and resumed on the next start.
            """
    )

    /// Directory of the saves and records.
    @Option(help: "Directory of the saves and records (default: $XDG_DATA_HOME/sortue or ~/.local/share/sortue).")
    var saveDir: String?

    /// The mode to play or print.
    @Option(help: "Mode: casual, precision or pure.")
    var mode: GameMode = .casual

    /// A track to loop behind the board.
    @Option(help: "Audio file looped behind the board at 70% volume (any format libsndfile reads).")
    var music: String?

    /// Print the mode's game as JSON and exit instead of playing.
    @Flag(help: "Print the mode's saved game (or a new one) as JSON on stdout and exit.")
    var print = false

    /// Opens the store, then prints or plays.
    @MainActor
    func run() async throws {
        let directory = try saveDir ?? SaveLocation.defaultDirectory()
        let store: FileKeyValueStore
        do {
            store = try FileKeyValueStore(directory: directory)
        } catch {
            throw ValidationError(error.description)
        }
        let game = TileGameController(store: store, clock: MonotonicClock(), mode: mode)
        if print {
            if case .recovered(let error, let keptAs) = game.loadGameState(for: mode) {
                FileHandle.standardError.write(Data("sortue: \(error); started a new game\(keptAs.map { " (bad save kept as \($0))" } ?? "")\n".utf8))
            }
            FileHandle.standardOutput.write(Data(GameStateCodec.encode(game.gameState) + [0x0A]))
            return
        }
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw ValidationError("sortue plays in a terminal; use --print to read a game from a script")
        }
        var track: GameMusic?
        if let music {
            do {
                track = try await GameMusic(path: music)
            } catch {
                throw ValidationError("--music \(music): \(error)")
            }
        }
        try await GameSession(game: game, music: track).run()
    }

    /// Parses and runs; a bad option or a failure is one line on stderr and status 1.
    static func main() async {
        await CommandLineRunner.run(SortueCommand.self) { game in
            try await game.run()
            return 0
        }
    }
}

extension GameMode: ExpressibleByArgument {}
