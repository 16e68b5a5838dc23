import Testing
import Tiles

/// The game controller: preview and shuffle, select, swap, hint, lock, game over, win,
/// counters, records and time, all on a manual clock.
@Suite("Tile game controller")
struct TileGameControllerTests {
    @Test func aNewGameShowsThePreviewThenShufflesAfterTwoAndAHalfSeconds() throws {
        let (game, clock, store) = TileFixtures.controller()
        try game.startNewGame(dimension: 6)
        #expect(game.status == .preview && game.isSolved && game.gridDimension == 6 && game.currentLevel == 1)
        clock.advance(by: 2.49)
        game.update()
        #expect(game.status == .preview)
        #expect(store.values[TileGameController.saveKey(for: .casual)] == nil, "no save before the shuffle")
        clock.advance(by: 0.01)
        game.update()
        #expect(game.status == .playing)
        #expect(game.minMoves == (try MoveRules.minMoves(game.tiles)) && game.minMoves > 0)
        #expect(game.moveLimit == 0)
        #expect(store.values[TileGameController.saveKey(for: .casual)] != nil, "saved after the shuffle")
    }

    @Test func precisionAndPureBoardsAreSeededByLevel() throws {
        for mode in [GameMode.precision, .pure] {
            let (a, clockA, _) = TileFixtures.controller(mode: mode)
            let (b, clockB, _) = TileFixtures.controller(mode: mode)
            try a.startNewGame()
            try b.startNewGame()
            TileFixtures.shuffle(a, clockA)
            TileFixtures.shuffle(b, clockB)
            #expect(a.tiles.map(\.id) == b.tiles.map(\.id) && a.currentCorners == b.currentCorners)
            var generator = SplitMix64(seed: LevelRules.seed(level: 1, mode: mode)!)
            #expect(a.currentCorners == CornerGenerator.draw(using: &generator).corners)
            var shuffle = SplitMix64(seed: LevelRules.seed(level: 1, mode: mode)!)
            let expected = try BoardGenerator.shuffled(BoardGenerator.solvedTiles(dimension: 4, corners: a.currentCorners!), using: &shuffle)
            #expect(a.tiles.map(\.id) == expected.map(\.id))
        }
        let (precision, _, _) = TileFixtures.controller(mode: .precision)
        let (pure, _, _) = TileFixtures.controller(mode: .pure)
        try precision.startNewGame()
        try pure.startNewGame()
        #expect(precision.currentCorners != pure.currentCorners)
    }

    @Test func precisionSetsTheMoveLimitFromMinMoves() throws {
        let (game, clock, _) = TileFixtures.controller(mode: .precision)
        try game.startNewGame()
        TileFixtures.shuffle(game, clock)
        #expect(game.moveLimit == Int(1.6 * Double(game.minMoves)) + 4)
    }

    @Test func selectingDeselectingAndSwapping() throws {
        let (game, clock, _) = TileFixtures.controller(mode: .pure)
        try game.startNewGame()
        TileFixtures.shuffle(game, clock)
        let loose = game.tiles.filter { !$0.isFixed }.map(\.id)
        try game.selectTile(id: loose[0])
        #expect(game.selectedTileId == loose[0])
        try game.selectTile(id: loose[0])
        #expect(game.selectedTileId == nil && game.moves == 0)
        let a = TileFixtures.slot(of: loose[0], in: game), b = TileFixtures.slot(of: loose[1], in: game)
        try game.selectTile(id: loose[0])
        try game.selectTile(id: loose[1])
        #expect(game.selectedTileId == nil && game.moves == 1)
        #expect(game.tiles[a].id == loose[1] && game.tiles[b].id == loose[0])
        #expect(game.tiles[a].currentIdx == a && game.tiles[b].currentIdx == b)
    }

    @Test func badMovesAreTypedErrorsThatChangeNothing() throws {
        let (game, clock, _) = TileFixtures.controller()
        try game.startNewGame()
        let loose = game.tiles.first { !$0.isFixed }!.id
        #expect(throws: TileGameError.notPlaying(.preview)) { try game.selectTile(id: loose) }
        #expect(throws: TileGameError.notPlaying(.preview)) { try game.useHint() }
        TileFixtures.shuffle(game, clock)
        let before = game.gameState
        #expect(throws: TileGameError.unknownTile(16)) { try game.selectTile(id: 16) }
        #expect(throws: TileGameError.unknownTile(-1)) { try game.swapTiles(id1: -1, id2: loose) }
        #expect(throws: TileGameError.fixedTile(0)) { try game.selectTile(id: 0) }
        #expect(throws: TileGameError.fixedTile(15)) { try game.swapTiles(id1: loose, id2: 15) }
        let movable = game.tiles.first { !$0.isFixed && !game.isLocked(slot: $0.currentIdx) }!.id
        #expect(throws: TileGameError.sameTile(movable)) { try game.swapTiles(id1: movable, id2: movable) }
        #expect(game.gameState == before)
        #expect(throws: TileGameError.invalidDimension(13)) { try game.startNewGame(dimension: 13) }
        #expect(throws: TileGameError.invalidDimension(3)) { try game.startNewGame(dimension: 3) }
        #expect(game.gameState == before)
    }

    @Test func tilesInPlaceAreLockedInCasualAndPrecisionButNotInPure() throws {
        for mode in GameMode.allCases {
            let (game, clock, _) = TileFixtures.controller(mode: mode)
            try game.startNewGame()
            TileFixtures.shuffle(game, clock)
            let (a, b) = TileFixtures.fixingSwap(game)!
            try game.swapTiles(id1: a, id2: b)
            // `a` is now in its slot.
            guard game.status == .playing else { continue }
            let partner = game.tiles.first { !$0.isFixed && $0.id != a && game.tiles[$0.correctId].id != $0.id }!.id
            if mode == .pure {
                try game.selectTile(id: a)
                #expect(game.selectedTileId == a)
                try game.selectTile(id: a)
            } else {
                #expect(throws: TileGameError.lockedTile(a)) { try game.selectTile(id: a) }
                #expect(throws: TileGameError.lockedTile(a)) { try game.swapTiles(id1: partner, id2: a) }
                #expect(game.isLocked(slot: TileFixtures.slot(of: a, in: game)))
            }
        }
    }

    @Test func aHintPlacesTheFirstMisplacedTileForFiveMovesAndThirtySeconds() throws {
        let (game, clock, store) = TileFixtures.controller()
        try game.startNewGame(dimension: 5)
        TileFixtures.shuffle(game, clock)
        clock.advance(by: 3)
        let first = game.tiles.indices.first { !game.tiles[$0].isFixed && game.tiles[$0].correctId != $0 }!
        let tile = game.tiles[first].id
        try game.useHint()
        #expect(game.tiles[tile].id == tile, "the tile is in its slot")
        #expect(game.moves == 5)
        #expect(game.timeElapsed == 33)
        let saved = try GameStateCodec.decode(store.values[TileGameController.saveKey(for: .casual)]!, mode: .casual)
        #expect(saved.moves == 5)
    }

    @Test func aHintNeverChecksTheMoveLimit() throws {
        let (game, clock, _) = TileFixtures.controller(mode: .precision)
        try game.startNewGame()
        TileFixtures.shuffle(game, clock)
        while game.status == .playing { try game.useHint() }
        #expect(game.status == .animating, "hints alone solve the board without a game over")
        #expect(game.moves > game.moveLimit || game.minMoves * 5 <= game.moveLimit)
    }

    @Test func precisionEndsInGameOverAtTheMoveLimit() throws {
        let (game, clock, store) = TileFixtures.controller(mode: .precision)
        try game.startNewGame()
        TileFixtures.shuffle(game, clock)
        // Swap two misplaced tiles back and forth where neither lands in its slot: never
        // solving, always counting.
        let tiles = game.tiles
        let misplaced = tiles.indices.filter { !tiles[$0].isFixed && tiles[$0].correctId != $0 }
        let pair = misplaced.flatMap { a in misplaced.map { (a, $0) } }.first { a, b in
            a != b && tiles[a].correctId != b && tiles[b].correctId != a
        }
        let (a, b) = (tiles[pair!.0].id, tiles[pair!.1].id)
        while game.status == .playing { try game.swapTiles(id1: a, id2: b) }
        #expect(game.status == .gameOver)
        #expect(game.moves == game.moveLimit)
        let saved = try GameStateCodec.decode(store.values[TileGameController.saveKey(for: .precision)]!, mode: .precision)
        #expect(saved.status == .gameOver)
        #expect(throws: TileGameError.notPlaying(.gameOver)) { try game.swapTiles(id1: a, id2: b) }
    }

    @Test func aWinAnimatesForTwoSecondsThenIsWonAndCountsTheLevel() throws {
        let (game, clock, store) = TileFixtures.controller(mode: .precision)
        try game.startNewGame()
        TileFixtures.shuffle(game, clock)
        let swaps = try TileFixtures.solve(game)
        #expect(swaps == game.minMoves, "fixing swaps solve in exactly minMoves")
        #expect(game.status == .animating)
        #expect(try TileRecords(store: store).levelCount("LADDER") == 1)
        clock.advance(by: 1.99)
        game.update()
        #expect(game.status == .animating)
        clock.advance(by: 0.01)
        game.update()
        #expect(game.status == .won)
        try game.startNewGame()
        #expect(game.currentLevel == 2)
    }

    @Test func levelCountersUseTheirKeysAndSetTheGridSize() throws {
        let store = InMemoryKeyValueStore()
        let records = TileRecords(store: store)
        for (level, dimension) in [(1, 4), (15, 4), (16, 5), (22, 5), (23, 6), (64, 11), (65, 12)] {
            for mode in [GameMode.precision, .pure] {
                try store.set(level - 1, forKey: "level_count_\(mode.levelKey(dimension: 0))")
                let (game, _, _) = TileFixtures.controller(mode: mode, store: store)
                try game.startNewGame(dimension: 9)
                #expect(game.currentLevel == level && game.gridDimension == dimension, "\(mode) level \(level)")
            }
        }
        try store.set(6, forKey: "level_count_7")
        let (casual, _, _) = TileFixtures.controller(store: store)
        try casual.startNewGame(dimension: 7)
        #expect(casual.currentLevel == 7)
        try casual.startNewGame(dimension: 8)
        #expect(casual.currentLevel == 1)
        #expect(try records.levelCount("LADDER") == 64 && records.levelCount("CHALLENGE") == 64)
    }

    @Test func casualKeepsTheBestTimeAndMovesPerDimension() throws {
        let (game, clock, store) = TileFixtures.controller()
        try game.startNewGame(dimension: 4)
        TileFixtures.shuffle(game, clock)
        clock.advance(by: 50)
        try TileFixtures.solve(game)
        let firstMoves = game.moves
        #expect(game.bestTime == 50 && game.bestMoves == firstMoves)
        // A slower game with a hint: more time and moves, the bests stay.
        try game.startNewGame(dimension: 4)
        TileFixtures.shuffle(game, clock)
        clock.advance(by: 70)
        try game.useHint()
        try TileFixtures.solve(game)
        #expect(game.bestTime == 50 && game.bestMoves == firstMoves)
        #expect(try TileRecords(store: store).levelCount("4") == 2)
        // Another dimension has its own records.
        try game.startNewGame(dimension: 5)
        #expect(game.bestTime == nil && game.bestMoves == nil)
        // A faster game replaces the time.
        try game.startNewGame(dimension: 4)
        TileFixtures.shuffle(game, clock)
        clock.advance(by: 10)
        try TileFixtures.solve(game)
        #expect(game.bestTime == 10)
        #expect(try TileRecords(store: store).bestTime(dimension: 4) == 10)
    }

    @Test func theTimerRunsOnlyWhilePlaying() throws {
        let (game, clock, _) = TileFixtures.controller()
        try game.startNewGame()
        clock.advance(by: 2)
        game.update()
        #expect(game.timeElapsed == 0)
        clock.advance(by: 1.5)
        game.update()
        #expect(game.timeElapsed == 1, "counted from the shuffle at 2.5 s")
        clock.advance(by: 4)
        try TileFixtures.solve(game)
        #expect(game.timeElapsed == 5)
        clock.advance(by: 100)
        game.update()
        #expect(game.timeElapsed == 5 && game.status == .won)
    }

    @Test func preserveColorsKeepsTheCorners() throws {
        let (game, _, _) = TileFixtures.controller()
        try game.startNewGame(dimension: 4)
        let corners = game.currentCorners
        try game.startNewGame(dimension: 9, preserveColors: true)
        #expect(game.currentCorners == corners && game.gridDimension == 9)
        try game.startNewGame(dimension: 9)
        #expect(game.currentCorners != corners)
    }
}
