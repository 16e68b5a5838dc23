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

    let app = try App()                              // the board as entities, animated and drawn
    try app.add(TilesPlugin())
    try app.add(CanvasPlugin(width: 300, height: 300))
    try app.world.resources.get(TileBoards.self).addBoard(game.tiles, to: app.world)
    let style = TileRenderStyle(selectedTileId: game.selectedTileId, mode: game.gameMode)
    try app.world.resources.modify(TileBoardView.self) { $0 = TileBoardView(board: 0, style: style) }
    try app.update(deltaTime: 1.0 / 60)
    try PNGCodec.write(app.world.resources.get(FrameCanvas.self).canvas, to: directory + "/board.png")

    #expect(game.status == .playing && game.selectedTileId == tile.id)
    #expect(FileManager.default.fileExists(atPath: directory + "/saves/savedGameState_precision"))
    #expect(try PNGCodec.read(contentsOf: directory + "/board.png").width == 300)
}
