import Testing
import Systems

/// The README's plugin example, as written there.
@Test func readmePluginExampleRuns() throws {
    let app = try App(threads: 2)
    try app.add(TilesPlugin())                       // TileSwap in, TileBoardSolved out
    try app.add(ConfettiPlugin(configuration: .explosion))
    try app.add(AudioPlugin(format: MixFormat(channels: 2, sampleRate: 48_000, maxFrames: 512)))
    try app.addSystem("celebrate", after: ["tiles.swap"]) {
        (wins: EventReader<TileBoardSolved>, launches: EventWriter<ConfettiLaunch>) in
        wins.forEach { _ in launches.send(ConfettiLaunch(canvasSize: SIMD2(390, 844), seed: 7)) }
    }
    var generator = SplitMix64(seed: 1)
    let solved = try BoardGenerator.solvedTiles(dimension: 4, corners: CornerGenerator.draw(using: &generator).corners)
    let boards = try app.world.resources.get(TileBoards.self)
    try boards.addBoard(solved)
    try boards.swap(board: 0, slots: 5, 6)           // one swap from solved
    try app.world.resources.get(Events<TileSwap>.self).send(TileSwap(board: 0, 5, 6))
    try app.update(deltaTime: 1.0 / 60)              // solved: the win wave starts, confetti launches
    try app.update(deltaTime: 1.0 / 60)
    let particles = try app.world.resources.get(ConfettiSimulation.self).renderStates.count   // 300
    #expect(particles == ConfettiConfig.explosion.lifecycle.particleCount)
    #expect(try boards.isSolved(board: 0))
}
