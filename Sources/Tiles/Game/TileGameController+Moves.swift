/// Selecting, swapping and hints. A move that cannot be made throws a ``TileGameError`` that
/// says why and changes nothing; a game UI may ignore it.
extension TileGameController {
    /// Taps the tile `id`: selects it, deselects it when it is the selected one, or swaps it
    /// with the selected one.
    /// - Throws: ``TileGameError/notPlaying(_:)`` outside ``GameStatus/playing``,
    ///   ``TileGameError/unknownTile(_:)``, ``TileGameError/fixedTile(_:)`` for a corner,
    ///   ``TileGameError/lockedTile(_:)`` for a tile in place in casual and precision.
    public func selectTile(id: Int) throws(TileGameError) {
        update()
        _ = try movableSlot(of: id)
        if selectedTileId == id {
            selectedTileId = nil
        } else if let selected = selectedTileId {
            try swapTiles(id1: selected, id2: id)
        } else {
            selectedTileId = id
        }
    }

    /// Swaps tiles `id1` and `id2`, counts a move, clears the selection, then checks for a win
    /// and, in precision, for `moves ≥ moveLimit` (game over); the game is saved once the
    /// outcome is known, so a save never holds a solved board that is still playing.
    /// - Throws: the errors of ``selectTile(id:)`` for either tile, and
    ///   ``TileGameError/sameTile(_:)`` when both are the same.
    public func swapTiles(id1: Int, id2: Int) throws(TileGameError) {
        update()
        let first = try movableSlot(of: id1)
        let second = try movableSlot(of: id2)
        guard first != second else { throw .sameTile(id1) }
        tiles.swapAt(first, second)
        tiles[first].currentIdx = first
        tiles[second].currentIdx = second
        moves += 1
        selectedTileId = nil
        if !checkWin(), gameMode == .precision, moves >= moveLimit {
            status = .gameOver
            timerMark = nil
        }
        saveGameState()
    }

    /// Moves the first misplaced non-fixed tile (in slot order) to its slot, at a cost of
    /// ``hintMovePenalty`` moves and ``hintTimePenalty`` seconds, then saves and checks for a
    /// win. A hint never checks the move limit. It works in every mode (`sortue` offers it only
    /// in casual). A board with nothing misplaced is left as it is.
    /// - Throws: ``TileGameError/notPlaying(_:)`` outside ``GameStatus/playing``.
    public func useHint() throws(TileGameError) {
        update()
        guard status == .playing else { throw .notPlaying(status) }
        guard let slot = tiles.indices.first(where: { !tiles[$0].isFixed && tiles[$0].correctId != $0 }) else { return }
        let target = tiles[slot].correctId
        tiles.swapAt(slot, target)
        tiles[slot].currentIdx = slot
        tiles[target].currentIdx = target
        moves += Self.hintMovePenalty
        timeElapsed += Self.hintTimePenalty
        selectedTileId = nil
        checkWin()
        saveGameState()
    }

    /// The slot of tile `id` when it may move now.
    private func movableSlot(of id: Int) throws(TileGameError) -> Int {
        guard status == .playing else { throw .notPlaying(status) }
        guard let slot = tiles.firstIndex(where: { $0.id == id }) else { throw .unknownTile(id) }
        guard !tiles[slot].isFixed else { throw .fixedTile(id) }
        guard !isLocked(slot: slot) else { throw .lockedTile(id) }
        return slot
    }

    /// On a solved board: status ``GameStatus/animating`` (``GameStatus/won`` after
    /// ``winAnimationDuration``), the mode's level counter incremented, casual bests recorded.
    @discardableResult
    func checkWin() -> Bool {
        guard isSolved else { return false }
        status = .animating
        timerMark = nil
        wonTime = clock.seconds + Self.winAnimationDuration
        let key = gameMode.levelKey(dimension: gridDimension)
        _ = readRecord { try records.incrementLevel(key) }
        if gameMode == .casual {
            _ = readRecord { try records.recordWin(dimension: gridDimension, time: timeElapsed, moves: moves) }
            loadBests()
        }
        return true
    }
}
