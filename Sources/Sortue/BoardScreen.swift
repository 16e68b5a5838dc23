import Foundation
import Tiles
import TerminalUI

/// One frame of the game as terminal text: a status line, the board in 24-bit colour blocks
/// (each tile four columns by two rows, a column apart), a message line and the keys.
struct BoardScreen {
    /// The game shown.
    let game: TileGameController
    /// The slot under the cursor.
    let cursor: Int
    /// The last message, if any.
    let message: String

    /// The frame, starting at the top left and clearing what it does not cover.
    var text: String {
        var lines = [status, ""]
        let dimension = game.gridDimension
        for row in 0..<dimension {
            for band in 0..<2 {
                var line = ""
                for column in 0..<dimension {
                    let slot = row * dimension + column
                    line += tile(slot, band: band) + TerminalCodes.reset + " "
                }
                lines.append(line)
            }
        }
        lines.append("")
        lines.append(message)
        lines.append("arrows move · space select/swap · h hint · n new · m mode · +/- size · q quit")
        return TerminalCodes.frame(lines)
    }

    /// The status line: mode, size, level, moves (of the limit), time and casual bests.
    var status: String {
        let size = "\(game.gridDimension)x\(game.gridDimension)"
        var line = "Sortue  \(game.gameMode.name) \(size)  Level \(game.currentLevel)  Moves \(game.moves)"
        if game.gameMode == .precision, game.moveLimit > 0 { line += "/\(game.moveLimit)" }
        line += "  Time \(Self.clock(game.timeElapsed))"
        if let best = game.bestTime, let moves = game.bestMoves { line += "  Best \(Self.clock(best)), \(moves) moves" }
        return line + "  [\(game.status.rawValue)]"
    }

    /// Four columns of one band of the tile in `slot`, with its marks on the top band.
    private func tile(_ slot: Int, band: Int) -> String {
        let tile = game.tiles[slot]
        let rgb = [tile.rgb.r, tile.rgb.g, tile.rgb.b].map { Int(($0 * 255).rounded()) }
        let luminance = 0.299 * tile.rgb.r + 0.587 * tile.rgb.g + 0.114 * tile.rgb.b
        let ink = luminance > 0.6 ? TerminalCodes.foreground(0, 0, 0) : TerminalCodes.foreground(255, 255, 255)
        var face = "    "
        if band == 0 {
            if tile.isFixed {
                face = " •  "
            } else if game.gameMode.locksPlacedTiles, tile.correctId == slot, game.status == .playing {
                face = " ✓  "
            }
        } else if tile.id == game.selectedTileId {
            face = " ** "
        }
        if slot == cursor, game.status == .playing {
            face = band == 0 ? "[" + face.dropFirst().dropLast() + "]" : "[" + face.dropFirst().dropLast() + "]"
        }
        return TerminalCodes.background(rgb[0], rgb[1], rgb[2]) + ink + face
    }

    /// `m:ss` of `seconds`.
    static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds)
        return String(format: "%d:%02d", whole / 60, whole % 60)
    }
}
