import Tiles
import TerminalUI

/// The interactive game: reads keys, drives the controller, redraws, keeps the music looping,
/// and leaves the terminal as it found it.
@MainActor
final class GameSession {
    /// The game played.
    let game: TileGameController
    /// The track played behind the board; nil plays silently.
    let music: GameMusic?
    /// The slot under the cursor.
    private var cursor = 0
    /// The message line.
    private var message = ""

    /// A session of `game`, with `music` when there is a track.
    init(game: TileGameController, music: GameMusic?) {
        self.game = game
        self.music = music
    }

    /// Resumes the mode's save (or starts a game) and plays until `q`.
    func run() async throws {
        report(game.loadGameState(for: game.gameMode))
        let terminal = try RawTerminal()
        defer { terminal.restore() }
        var shown = ""
        while true {
            await music?.keepLooping()
            game.update()
            let frame = BoardScreen(game: game, cursor: cursor, message: message).text
            if frame != shown {
                terminal.write(frame)
                shown = frame
            }
            for key in TerminalKey.decode(terminal.read(waitingUpTo: 100)) {
                if key == .character("q") {
                    await music?.stop()
                    return
                }
                handle(key)
            }
        }
    }

    /// Applies one key.
    private func handle(_ key: TerminalKey) {
        let dimension = game.gridDimension
        message = ""
        switch key {
        case .up: cursor = max(0, cursor - dimension)
        case .down: cursor = min(dimension * dimension - 1, cursor + dimension)
        case .left: cursor = cursor % dimension == 0 ? cursor : cursor - 1
        case .right: cursor = cursor % dimension == dimension - 1 ? cursor : cursor + 1
        case .character(" "), .enter: attempt { try game.selectTile(id: game.tiles[cursor].id) }
        case .character("h"):
            if game.gameMode == .casual { attempt { try game.useHint() } } else { message = "Hints are a casual mode help." }
        case .character("n"): newGame(dimension: dimension)
        case .character("+"), .character("="): resize(by: 1)
        case .character("-"): resize(by: -1)
        case .character("m"):
            let modes = GameMode.allCases
            let next = modes[(modes.firstIndex(of: game.gameMode)! + 1) % modes.count]
            report(game.loadGameState(for: next))
            cursor = 0
        default: break
        }
        announce()
    }

    /// Runs a move, turning a refusal into the message line.
    private func attempt(_ move: () throws -> Void) {
        do {
            try move()
        } catch {
            // Every move throws `TileGameError`, whose text says why it was refused.
            message = "Not now: \(error)."
        }
    }

    /// Starts a new casual game of `dimension`, or the next level in the other modes.
    private func newGame(dimension: Int) {
        attempt { try game.startNewGame(dimension: dimension) }
        cursor = min(cursor, game.gridDimension * game.gridDimension - 1)
    }

    /// A new casual game one size up or down.
    private func resize(by step: Int) {
        guard game.gameMode == .casual else {
            message = "The level sets the size in \(game.gameMode.name)."
            return
        }
        let dimension = min(BoardGenerator.dimensions.upperBound, max(BoardGenerator.dimensions.lowerBound, game.gridDimension + step))
        newGame(dimension: dimension)
    }

    /// A message for the end of a game.
    private func announce() {
        switch game.status {
        case .animating, .won: message = "Solved in \(game.moves) moves (at least \(game.minMoves) needed). n for the next game."
        case .gameOver: message = "Out of moves: game over. n to try again."
        default: break
        }
    }

    /// A message for a load that could not use the save.
    private func report(_ outcome: TileLoadOutcome) {
        if case .recovered(let error, _) = outcome { message = "Save not usable (\(error)); new game." }
    }
}
