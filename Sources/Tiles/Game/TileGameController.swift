import Platform

/// The tile puzzle's game: its state and rules, with every property a view shows, driven by an
/// injected clock instead of timers.
///
/// Call ``update()`` from the game loop (or after moving a `ManualClock` in tests): it runs the
/// shuffle 2.5 s after a new game, turns a win into ``GameStatus/won`` 2 s after it, and counts
/// ``timeElapsed`` only while playing. Saves, level counters and casual records go to the
/// ``KeyValueStore`` under fixed keys. A store failure never stops the game; the last one is kept
/// in ``lastStoreError``.
public final class TileGameController {
    /// Seconds the solved board is shown before the shuffle.
    public static let previewDuration = 2.5
    /// Seconds from a win to ``GameStatus/won``.
    public static let winAnimationDuration = 2.0
    /// Moves a hint costs.
    public static let hintMovePenalty = 5
    /// Seconds a hint costs.
    public static let hintTimePenalty = 30.0
    /// The casual grid dimension before one is chosen.
    public static let defaultDimension = 4

    /// The tiles in slot order.
    public internal(set) var tiles: [Tile] = []
    /// The game's status.
    public internal(set) var status: GameStatus = .preview
    /// The side of the square grid.
    public internal(set) var gridDimension = TileGameController.defaultDimension
    /// Moves made, a hint counting ``hintMovePenalty``.
    public internal(set) var moves = 0
    /// The selected tile, if any.
    public internal(set) var selectedTileId: Int?
    /// The level being played (levels completed under the mode's key, plus one).
    public internal(set) var currentLevel = 1
    /// The mode being played.
    public internal(set) var gameMode: GameMode
    /// The fewest swaps that solved the board after the shuffle.
    public internal(set) var minMoves = 0
    /// The precision move limit; 0 in casual and pure.
    public internal(set) var moveLimit = 0
    /// Seconds played, a hint counting ``hintTimePenalty``.
    public internal(set) var timeElapsed = 0.0
    /// The best casual time on this grid size; nil in other modes or before a first win.
    public internal(set) var bestTime: Double?
    /// The fewest casual moves on this grid size; nil in other modes or before a first win.
    public internal(set) var bestMoves: Int?
    /// The board's corner colours.
    public internal(set) var currentCorners: CornerColors?
    /// The last failure of the store, cleared by the next successful save.
    public internal(set) var lastStoreError: KeyValueStoreError?

    /// The store of saves and records.
    public let store: any KeyValueStore
    /// The time source.
    let clock: any TimeSource
    /// The source of casual seeds (casual boards are not reproducible).
    let casualSeeds: () -> UInt64
    /// When the pending shuffle runs, in clock seconds.
    var shuffleTime: Double?
    /// The seed of the pending shuffle.
    var shuffleSeed: UInt64 = 0
    /// When the win animation ends, in clock seconds.
    var wonTime: Double?
    /// The clock reading up to which ``timeElapsed`` has been counted.
    var timerMark: Double?

    /// A controller in `mode` with no board yet; call ``startNewGame(dimension:preserveColors:)``
    /// or ``loadGameState(for:)``. `casualSeeds` gives the casual boards' seeds (the system
    /// generator by default).
    public init(
        store: any KeyValueStore, clock: any TimeSource, mode: GameMode = .casual,
        casualSeeds: @escaping () -> UInt64 = { UInt64.random(in: .min ... .max) }
    ) {
        self.store = store
        self.clock = clock
        self.gameMode = mode
        self.casualSeeds = casualSeeds
    }

    /// The grid's width and height (always square).
    public var gridSize: (w: Int, h: Int) {
        (gridDimension, gridDimension)
    }

    /// The records of this controller's store.
    public var records: TileRecords {
        TileRecords(store: store)
    }

    /// Whether every tile is in its slot.
    public var isSolved: Bool {
        tiles.indices.allSatisfy { tiles[$0].correctId == $0 }
    }

    /// Whether the tile in `slot` is locked: in casual and precision, a tile already in its
    /// slot can neither be selected nor swapped onto. Fixed corners are not counted here; they
    /// are refused as fixed.
    public func isLocked(slot: Int) -> Bool {
        gameMode.locksPlacedTiles && tiles.indices.contains(slot) && !tiles[slot].isFixed && tiles[slot].correctId == slot
    }

    /// Brings the game to the clock's time: counts play time, runs a due shuffle, ends a due
    /// win animation.
    public func update() {
        let now = clock.seconds
        if status == .preview, let due = shuffleTime, now >= due {
            shuffle(at: due)
        }
        if status == .playing, let mark = timerMark {
            timeElapsed += max(0, now - mark)
            timerMark = now
        }
        if status == .animating, let due = wonTime, now >= due {
            status = .won
            wonTime = nil
            saveGameState()
        }
    }

    /// Starts a new board: level from the mode's counter, grid size (`dimension` in casual,
    /// from the level otherwise), corners (the current ones when `preserveColors` and there are
    /// some), the solved board in preview, and the shuffle due in 2.5 s. Moves, time and the
    /// selection are reset. Precision and pure seed both the corners and the shuffle with the
    /// level's seed; casual draws from `casualSeeds`.
    /// - Throws: ``TileGameError/invalidDimension(_:)`` when `dimension` is outside `4...12`,
    ///   in any mode, before anything changes.
    public func startNewGame(dimension: Int? = nil, preserveColors: Bool = false) throws(TileGameError) {
        if let dimension, !BoardGenerator.dimensions.contains(dimension) { throw .invalidDimension(dimension) }
        if gameMode == .casual, let dimension { gridDimension = dimension }
        currentLevel = (readRecord { try records.levelCount(gameMode.levelKey(dimension: gridDimension)) } ?? 0) + 1
        if gameMode != .casual { gridDimension = try LevelRules.gridDimension(forLevel: currentLevel) }
        var cornerGenerator: SplitMix64
        if let seed = LevelRules.seed(level: currentLevel, mode: gameMode) {
            cornerGenerator = SplitMix64(seed: seed)
            shuffleSeed = seed
        } else {
            cornerGenerator = SplitMix64(seed: casualSeeds())
            shuffleSeed = casualSeeds()
        }
        let corners = preserveColors ? currentCorners ?? CornerGenerator.draw(using: &cornerGenerator).corners
            : CornerGenerator.draw(using: &cornerGenerator).corners
        currentCorners = corners
        tiles = try BoardGenerator.solvedTiles(dimension: gridDimension, corners: corners)
        status = .preview
        moves = 0
        timeElapsed = 0
        selectedTileId = nil
        minMoves = 0
        moveLimit = 0
        wonTime = nil
        timerMark = nil
        shuffleTime = clock.seconds + Self.previewDuration
        loadBests()
    }

    /// The shuffle after the preview, as if it ran at clock time `time`.
    func shuffle(at time: Double) {
        var generator = SplitMix64(seed: shuffleSeed)
        // The board came from `BoardGenerator`, whose fixed tiles are distinct corners.
        tiles = (try? BoardGenerator.shuffled(tiles, using: &generator)) ?? tiles
        minMoves = (try? MoveRules.minMoves(tiles)) ?? 0
        moveLimit = MoveRules.moveLimit(dimension: gridDimension, minMoves: minMoves, mode: gameMode)
        status = .playing
        shuffleTime = nil
        timerMark = time
        saveGameState()
    }

    /// Loads the casual bests of the current grid size, or clears them in other modes.
    func loadBests() {
        guard gameMode == .casual else {
            bestTime = nil
            bestMoves = nil
            return
        }
        bestTime = readRecord { try records.bestTime(dimension: gridDimension) } ?? nil
        bestMoves = readRecord { try records.bestMoves(dimension: gridDimension) } ?? nil
    }

    /// The result of a store read, or nil (with ``lastStoreError`` set) when the store fails.
    func readRecord<Value>(_ read: () throws -> Value) -> Value? {
        do {
            return try read()
        } catch {
            // Every store call throws `KeyValueStoreError`; closures infer untyped throws.
            lastStoreError = error as? KeyValueStoreError ?? .storage(String(describing: error))
            return nil
        }
    }
}
