import Testing
import Tiles

/// Tiles as entities: arrangement, the cached colour grid and solved check, the animation
/// toward slots and the win wave, and bad input.
@Suite("Tile board world")
struct TileBoardsTests {
    /// A precision level-1 game, shuffled, and a world holding its board as it was solved.
    static func shuffledGame() throws -> (TileGameController, TileBoardWorld) {
        let (game, clock, _) = TileFixtures.controller(mode: .precision)
        try game.startNewGame()
        let tiles = try TileBoardWorld()
        try tiles.addBoard(game.tiles)
        TileFixtures.shuffle(game, clock)
        return (game, tiles)
    }

    @Test func everyTileIsAnEntityWithItsComponents() throws {
        let (game, tiles) = try Self.shuffledGame()
        #expect(tiles.world.entityCount == 16)
        #expect(try tiles.isSolved(board: 0))
        try tiles.arrange(board: 0, as: game.tiles)
        let entities = try tiles.entities(board: 0)
        for (slot, entity) in entities.enumerated() {
            #expect(try tiles.world.get(TileIdentity.self, of: entity).id == Int32(game.tiles[slot].id))
            #expect(try tiles.world.get(TileSlot.self, of: entity).index == Int32(slot))
            #expect(tiles.world.has(FixedTile.self, entity) == game.tiles[slot].isFixed)
        }
        #expect(try tiles.colourGrid(board: 0) == game.tiles.map(\.rgb))
        #expect(try tiles.isSolved(board: 0) == game.isSolved)
    }

    @Test func theColourGridFollowsTheArrangementAndIsCachedBetweenChanges() throws {
        let (game, tiles) = try Self.shuffledGame()
        try tiles.arrange(board: 0, as: game.tiles)
        let grid = try tiles.colourGrid(board: 0)
        #expect(grid == game.tiles.map(\.rgb))
        // The cached grid is the same array until the arrangement changes.
        #expect(try tiles.colourGrid(board: 0).withUnsafeBufferPointer { $0.baseAddress }
            == grid.withUnsafeBufferPointer { $0.baseAddress })
        let movable = (0..<16).filter { !game.tiles[$0].isFixed }
        try tiles.swap(board: 0, slots: movable[0], movable[1])
        var swapped = grid
        swapped.swapAt(movable[0], movable[1])
        #expect(try tiles.colourGrid(board: 0) == swapped)
        // The grid holds the colours the tiles were added with, as their components do.
        for (slot, entity) in try tiles.entities(board: 0).enumerated() {
            #expect(try tiles.world.get(TileColor.self, of: entity).rgb == swapped[slot])
        }
    }

    @Test func swapsFollowTheControllerUntilSolved() throws {
        let (game, tiles) = try Self.shuffledGame()
        try tiles.arrange(board: 0, as: game.tiles)
        while game.status == .playing, let (a, b) = TileFixtures.fixingSwap(game) {
            let slotA = TileFixtures.slot(of: a, in: game), slotB = TileFixtures.slot(of: b, in: game)
            try game.swapTiles(id1: a, id2: b)
            try tiles.swap(board: 0, slots: slotA, slotB)
            #expect(try tiles.colourGrid(board: 0) == game.tiles.map(\.rgb))
            #expect(try tiles.isSolved(board: 0) == game.isSolved)
        }
        #expect(try tiles.isSolved(board: 0))
    }

    @Test func aMovedTileSettlesCriticallyDampedWithinAboutAThirdOfASecond() throws {
        let (game, tiles) = try Self.shuffledGame()
        try tiles.arrange(board: 0, as: game.tiles)
        let entities = try tiles.entities(board: 0)
        let moved = entities.indices.first { game.tiles[$0].correctId != $0 }!
        let target = try tiles.world.get(TileSlot.self, of: entities[moved]).cell
        var distance = simdLength(try tiles.world.get(TilePose.self, of: entities[moved]).position - target)
        let start = distance
        #expect(start >= 1)
        var steps = 0
        while steps < 18 {
            try tiles.step()
            steps += 1
            let next = simdLength(try tiles.world.get(TilePose.self, of: entities[moved]).position - target)
            #expect(next <= distance + 1e-6, "no overshoot: the distance never grows")
            distance = next
            if steps == 4 { #expect(distance > 0.1, "still moving after 1/15 s") }
        }
        #expect(distance < 0.01 * start, "settled to within 1% of the move after 0.3 s")
    }

    @Test func aSettledTileRestsExactlyInItsSlot() throws {
        let (game, tiles) = try Self.shuffledGame()
        try tiles.arrange(board: 0, as: game.tiles)
        for _ in 0..<600 { try tiles.step() }
        for entity in try tiles.entities(board: 0) {
            let pose = try tiles.world.get(TilePose.self, of: entity)
            let slot = try tiles.world.get(TileSlot.self, of: entity)
            #expect(pose.position == slot.cell && pose.velocity == .zero && pose.scale == 1 && pose.scaleVelocity == 0)
        }
    }

    @Test func theWinWaveLiftsAndScalesTilesAlongTheDiagonal() throws {
        let (game, tiles) = try Self.shuffledGame()
        try TileFixtures.solve(game)
        try tiles.arrange(board: 0, as: game.tiles)
        try tiles.celebrate(board: 0)
        let entities = try tiles.entities(board: 0)
        for _ in 0..<6 { try tiles.step() }
        let first = try tiles.world.get(TilePose.self, of: entities[0])
        let last = try tiles.world.get(TilePose.self, of: entities[15])
        #expect(first.scale > 1.05 && last.scale < 1.001, "the wave starts at the top left")
        for _ in 0..<60 { try tiles.step() }
        for (slot, entity) in entities.enumerated() {
            let pose = try tiles.world.get(TilePose.self, of: entity)
            #expect(abs(pose.scale - 1.1) < 0.01)
            #expect(abs(pose.position.y - (Float(slot / 4) - 0.1)) < 0.01)
        }
    }

    @Test func badInputIsRefused() throws {
        let tiles = try TileBoardWorld()
        #expect(throws: TileGameError.unknownBoard(0)) { try tiles.colourGrid(board: 0) }
        let solved = try BoardGenerator.solvedTiles(dimension: 4, corners: TileColorTests.corners)
        #expect(throws: TileGameError.invalidDimension(4)) { try tiles.addBoard(Array(solved.prefix(15))) }
        var duplicated = solved
        duplicated[3] = duplicated[2]
        #expect(throws: TileGameError.self) { try tiles.addBoard(duplicated) }
        try tiles.addBoard(solved)
        #expect(throws: TileGameError.invalidSlot(16)) { try tiles.swap(board: 0, slots: 1, 16) }
        #expect(throws: TileGameError.invalidSlot(-1)) { try tiles.swap(board: 0, slots: -1, 2) }
        #expect(throws: TileGameError.self) { try tiles.arrange(board: 0, as: duplicated) }
        #expect(throws: TileGameError.unknownBoard(1)) { try tiles.celebrate(board: 1) }
        #expect(try tiles.isSolved(board: 0))
    }

    /// The length of `v`.
    func simdLength(_ v: SIMD2<Float>) -> Float {
        (v * v).sum().squareRoot()
    }
}
