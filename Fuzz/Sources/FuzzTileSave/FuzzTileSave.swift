import Systems

/// libFuzzer entry point: the input is a tile puzzle save, as `sortue` reads it from disk.
/// `GameStateCodec.decode` must throw a `TileSaveError` or return a save whose board is a
/// permutation of its slots with the corners in place, which encodes and decodes back to
/// itself; a game loading it from a store resumes it or recovers with a new game, the bytes
/// kept aside, and is playable either way.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTileSave(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    if let state = try? GameStateCodec.decode(bytes, mode: .casual) {
        let count = state.gridDimension * state.gridDimension
        precondition(BoardGenerator.dimensions.contains(state.gridDimension), "grid \(state.gridDimension) accepted")
        precondition(state.tiles.map(\.id).sorted() == Array(0..<count), "tiles are not a permutation")
        for (slot, tile) in state.tiles.enumerated() where tile.isFixed {
            precondition(tile.correctId == slot, "a fixed tile away from its slot")
        }
        precondition((try? MoveRules.minMoves(state.tiles)) != nil, "minMoves refused an accepted board")
        let again = try? GameStateCodec.decode(GameStateCodec.encode(state), mode: .casual)
        precondition(again == state, "encode -> decode changed the save")
    }
    let store = InMemoryKeyValueStore()
    try? store.set(bytes, forKey: TileGameController.saveKey(for: .casual))
    let game = TileGameController(store: store, clock: ManualClock()) { 1 }
    switch game.loadGameState(for: .casual) {
    case .resumed, .started:
        break
    case .recovered(_, let keptAs):
        precondition(keptAs.flatMap { store.values[$0] } == bytes, "the bad save was not kept whole")
    }
    precondition(game.tiles.count == game.gridDimension * game.gridDimension, "no playable board")
    return 0
}
