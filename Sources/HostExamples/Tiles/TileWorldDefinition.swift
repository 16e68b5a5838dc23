import Host
import ECS

extension TileWorld {
    /// The hosted tile puzzle, registered as `tiles` at 60 frames per second; the game's clock
    /// stops in the background and runs again in the foreground (`pauseAndRestore`):
    /// - `state()` returns the ``TileWorldState`` a client draws;
    /// - `select(slot)` taps the tile in that slot (two taps swap) and returns the selected slot;
    /// - `hint()` puts one misplaced tile in place for five moves and returns the moves made;
    /// - events `shuffled(minMoves, moveLimit)`, `moved(slotA, slotB, moves, status)` and
    ///   `won(moves, minMoves, secondsPlayed, level)`.
    /// A refused move fails with `world` `action_failed` and the `TileGameError` text; an
    /// argument that is not a whole number fails with `world` `invalid_arguments`. The
    /// creation input is a ``TileWorldInput`` (or nothing: casual, 4×4, seed 0).
    public static func definition() throws(ActorError) -> WorldDefinition<TileWorld> {
        try WorldDefinition("tiles", events: ["shuffled", "moved", "won"], targetFrameRate: 60) { input in
            try TileWorld(input: input?.decode(TileWorldInput.self) ?? TileWorldInput())
        }
        .action("state") { (model: TileWorld) in try model.state }
        .action("select") { (model: TileWorld, slot: Int) in try model.select(slot: slot) }
        .action("hint") { (model: TileWorld) in try model.hint() }
    }
}
