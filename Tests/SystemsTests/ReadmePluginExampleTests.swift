import Foundation
import SnapshotTesting
import Testing
import Systems

/// The plugin example of README.md and docs/guides/systems.md, as written there (writing its
/// frame into a temporary directory).
@Test func readmePluginExampleRuns() throws {
    let directory = try makeTemporaryDirectory()
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let app = try App(threads: 2)
    try app.add(TilesPlugin())                       // TileSwap in, TileBoardSolved out
    try app.add(ConfettiPlugin(configuration: .explosion))
    try app.add(AudioPlugin(format: MixFormat(channels: 2, sampleRate: 48_000, maxFrames: 512)))
    try app.add(CanvasPlugin(width: 390, height: 844))   // the frame: board, then confetti over it
    try app.addSystem("celebrate", after: ["tiles.swap"]) {
        (wins: EventReader<TileBoardSolved>, launches: EventWriter<ConfettiLaunch>) in
        wins.forEach { _ in launches.send(ConfettiLaunch(canvasSize: SIMD2(390, 844), seed: 7)) }
    }
    var generator = SplitMix64(seed: 1)
    let solved = try BoardGenerator.solvedTiles(dimension: 4, corners: CornerGenerator.draw(using: &generator).corners)
    let boards = try app.world.resources.get(TileBoards.self)
    try boards.addBoard(solved, to: app.world)
    try app.world.resources.modify(TileBoardView.self) { $0.board = 0 }
    try boards.swap(board: 0, slots: 5, 6, in: TileBoards.layout(in: app.world))   // one swap from solved
    try app.world.resources.get(Events<TileSwap>.self).send(TileSwap(board: 0, 5, 6))
    try app.update(deltaTime: 1.0 / 60)              // solved: the win wave starts, confetti launches
    try app.update(deltaTime: 1.0 / 60)
    let particles = try app.world.resources.get(ConfettiSimulation.self).renderStates.count   // 300
    try PNGCodec.write(app.world.resources.get(FrameCanvas.self).canvas, to: "\(directory)/frame.png")
    #expect(particles == ConfettiConfig.explosion.lifecycle.particleCount)
    #expect(try boards.isSolved(board: 0))
    #expect(try PNGCodec.read(contentsOf: "\(directory)/frame.png").width == 390)
}
