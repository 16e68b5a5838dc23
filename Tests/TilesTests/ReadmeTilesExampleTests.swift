import Foundation
import Testing
import Tiles

/// The tile puzzle example of docs/guides/systems.md, compiled and run as printed there (in a
/// temporary directory instead of the working directory).
@Test func readmeTilesExampleRuns() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("readme-tiles-\(UInt32.random(in: 0...UInt32.max))").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }

    let store = try FileKeyValueStore(directory: directory + "/saves")
    let clock = ManualClock()                        // MonotonicClock() in a real game loop
    let game = TileGameController(store: store, clock: clock, mode: .precision)
    game.loadGameState(for: .precision)              // resumes the save, or starts a new level
    clock.advance(by: 2.5)
    game.update()                                    // the preview ends: shuffled and saved
    let tile = game.tiles.first { !$0.isFixed && !game.isLocked(slot: $0.currentIdx) }!
    try game.selectTile(id: tile.id)                 // a second tile would swap the two

    let tiles = try TileBoards(world: World())      // the board as entities, animated
    try tiles.addBoard(game.tiles)
    tiles.advance(by: 1.0 / 60)
    var canvas = try RGBA8Canvas(width: 300, height: 300)
    let style = TileRenderStyle(selectedTileId: game.selectedTileId, mode: game.gameMode)
    try TileBoardRenderer.draw(board: 0, of: tiles, on: &canvas, style: style)
    try PNGCodec.write(canvas, to: directory + "/board.png")

    #expect(game.status == .playing && game.selectedTileId == tile.id)
    #expect(FileManager.default.fileExists(atPath: directory + "/saves/savedGameState_precision"))
    #expect(try PNGCodec.read(contentsOf: directory + "/board.png").width == 300)
}
