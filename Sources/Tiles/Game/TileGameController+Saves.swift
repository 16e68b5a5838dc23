/// Saving and loading the game under `savedGameState_<mode>`, with the casual legacy key.
extension TileGameController {
    /// The key of the legacy casual save, read when there is no `savedGameState_casual`.
    public static let legacySaveKey = "savedGameState"

    /// The key of `mode`'s save: `savedGameState_<mode>`.
    public static func saveKey(for mode: GameMode) -> String {
        "savedGameState_\(mode.rawValue)"
    }

    /// The current game as a save.
    public var gameState: GameState {
        GameState(
            tiles: tiles, gridDimension: gridDimension, moves: moves, status: status, currentLevel: currentLevel,
            selectedTileId: selectedTileId, currentCorners: currentCorners, minMoves: minMoves,
            moveLimit: moveLimit, gameMode: gameMode, timeElapsed: timeElapsed)
    }

    /// Writes the current game under the mode's key (the controller saves after every shuffle,
    /// swap and hint, on game over and at the end of a win). Sets or clears ``lastStoreError``.
    public func saveGameState() {
        do {
            try store.set(GameStateCodec.encode(gameState), forKey: Self.saveKey(for: gameMode))
            lastStoreError = nil
        } catch {
            lastStoreError = error
        }
    }

    /// Switches to `mode` and restores its save: a save that is missing starts a new game; a
    /// save that cannot be used starts a new game too, is kept aside under a new name (never
    /// deleted), and its ``TileSaveError`` is returned. Casual reads the legacy key
    /// `savedGameState` when it has no save of its own, and moves a good legacy save to
    /// `savedGameState_casual`. A restored game in preview shuffles 2.5 s later, one in the
    /// win animation is won, and one that is playing restarts its timer now.
    ///
    /// Returns what happened, and always leaves a game to play.
    @discardableResult
    public func loadGameState(for mode: GameMode) -> TileLoadOutcome {
        gameMode = mode
        var key = Self.saveKey(for: mode)
        var bytes: [UInt8]?
        do {
            bytes = try store.data(forKey: key)
            if bytes == nil, mode == .casual {
                key = Self.legacySaveKey
                bytes = try store.data(forKey: key)
            }
        } catch {
            lastStoreError = error
            startFresh()
            return .recovered(.unreadable(error.description), keptAs: nil)
        }
        guard let bytes else {
            startFresh()
            return .started
        }
        let state: GameState
        do {
            state = try GameStateCodec.decode(bytes, mode: mode)
        } catch {
            let keptAs = readRecord { try store.setAside(key: key) }
            startFresh()
            return .recovered(error, keptAs: keptAs)
        }
        restore(state)
        if key == Self.legacySaveKey {
            saveGameState()
            if lastStoreError == nil { _ = readRecord { try store.removeValue(forKey: Self.legacySaveKey) } }
        }
        return .resumed
    }

    /// Removes the current mode's save and the legacy save.
    public func clearGameState() {
        _ = readRecord { try store.removeValue(forKey: Self.saveKey(for: gameMode)) }
        _ = readRecord { try store.removeValue(forKey: Self.legacySaveKey) }
    }

    /// A new game at the current casual dimension, which is always valid.
    private func startFresh() {
        if !BoardGenerator.dimensions.contains(gridDimension) { gridDimension = Self.defaultDimension }
        try? startNewGame()
    }

    /// Takes over a checked save.
    private func restore(_ state: GameState) {
        tiles = state.tiles
        gridDimension = state.gridDimension
        moves = state.moves
        currentLevel = state.currentLevel
        selectedTileId = state.status == .playing ? state.selectedTileId : nil
        currentCorners = state.currentCorners ?? CornerColors(
            tl: tiles[0].rgb, tr: tiles[gridDimension - 1].rgb,
            bl: tiles[gridDimension * (gridDimension - 1)].rgb, br: tiles[gridDimension * gridDimension - 1].rgb)
        minMoves = state.minMoves ?? 0
        moveLimit = state.moveLimit ?? MoveRules.moveLimit(dimension: gridDimension, minMoves: minMoves, mode: gameMode)
        timeElapsed = state.timeElapsed ?? 0
        wonTime = nil
        shuffleTime = nil
        timerMark = nil
        switch state.status {
        case .preview:
            status = .preview
            shuffleSeed = LevelRules.seed(level: currentLevel, mode: gameMode) ?? casualSeeds()
            shuffleTime = clock.seconds + Self.previewDuration
        case .playing:
            status = .playing
            timerMark = clock.seconds
        case .animating, .won:
            status = .won
        case .gameOver:
            status = .gameOver
        }
        // A selection the rules could not have made (a corner, a locked tile) is dropped.
        if let selected = selectedTileId, let slot = tiles.firstIndex(where: { $0.id == selected }),
            tiles[slot].isFixed || isLocked(slot: slot)
        {
            selectedTileId = nil
        }
        loadBests()
    }
}
