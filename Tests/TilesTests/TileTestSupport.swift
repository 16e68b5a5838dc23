import Tiles

/// Helpers shared by the tile tests.
enum TileFixtures {
    /// A controller on a fresh in-memory store and a manual clock at 0, casual seeds counting
    /// up from 1.
    static func controller(mode: GameMode = .casual, store: InMemoryKeyValueStore = InMemoryKeyValueStore())
        -> (TileGameController, ManualClock, InMemoryKeyValueStore)
    {
        let clock = ManualClock()
        var next: UInt64 = 0
        let controller = TileGameController(store: store, clock: clock, mode: mode) {
            next += 1
            return next
        }
        return (controller, clock, store)
    }

    /// Runs the preview out: the board is shuffled and playing.
    static func shuffle(_ controller: TileGameController, _ clock: ManualClock) {
        clock.advance(by: TileGameController.previewDuration)
        controller.update()
    }

    /// The slot of tile `id`.
    static func slot(of id: Int, in controller: TileGameController) -> Int {
        controller.tiles.firstIndex { $0.id == id }!
    }

    /// One swap that puts some misplaced tile in its slot: (the tile, the tile in its slot).
    static func fixingSwap(_ controller: TileGameController) -> (Int, Int)? {
        let tiles = controller.tiles
        guard let slot = tiles.indices.first(where: { tiles[$0].correctId != $0 }) else { return nil }
        return (tiles[slot].id, tiles[tiles[slot].correctId].id)
    }

    /// Solves the board with fixing swaps; returns how many it took.
    @discardableResult
    static func solve(_ controller: TileGameController) throws -> Int {
        var count = 0
        while controller.status == .playing, let (a, b) = fixingSwap(controller) {
            try controller.swapTiles(id1: a, id2: b)
            count += 1
        }
        return count
    }
}
