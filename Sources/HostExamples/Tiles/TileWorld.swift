import ECS
import Host
import Tiles

/// The tile puzzle as a hosted world: a `TileGameController` holds the rules (preview,
/// shuffle, swaps, hints, the win) and an `App` with `TilesPlugin` holds the board as ECS
/// entities whose poses the plugin's animation system moves. Each host step advances the game's
/// clock and updates the app by the fixed step, so the host's clock times the preview, the win
/// animation and the time played.
///
/// Events on ``events``: `shuffled(minMoves, moveLimit)` when the preview ends,
/// `moved(slotA, slotB, moves, status)` after every swap (a hint's included) and
/// `won(moves, minMoves, secondsPlayed, level)` when the win animation ends.
public final class TileWorld: HostedModel {
    /// The index of the one board in ``tiles``.
    private static let board = 0

    /// The game's rules and state.
    public let game: TileGameController
    /// The board's app: `TilesPlugin`'s systems animate the tiles on the host's steps.
    public let app: App
    /// The app's boards resource, holding the one board.
    public let tiles: TileBoards
    /// The query that moves the tiles between the app's updates.
    private let layout: TileLayout
    /// Whether steps advance the game's clock.
    public private(set) var isPlaying = true
    /// The game's clock, moved only by host steps.
    private let clock: ManualClock

    /// A new game from `input`, in its preview (the shuffle follows 2.5 s of host time later).
    /// - Throws: `TileGameError` `invalidDimension` or `invalidLevel` for a grid side outside
    ///   `4...12` or a level below 1; `ECSError` `invalidArgument` for a dimension outside casual
    ///   or a level in casual.
    public init(input: TileWorldInput) throws {
        let mode = input.mode ?? .casual
        if mode == .casual, let level = input.level {
            throw ECSError(.invalidArgument, "casual has no levels to choose (got level \(level)); give a dimension")
        }
        if mode != .casual, let dimension = input.dimension {
            throw ECSError(.invalidArgument, "\(mode.rawValue) takes its grid size from the level (got dimension \(dimension))")
        }
        let level = input.level ?? 1
        guard level >= 1 else { throw TileGameError.invalidLevel(level) }
        let clock = ManualClock()
        var seeds = SplitMix64(seed: input.seed ?? 0)
        let game = TileGameController(store: InMemoryKeyValueStore(), clock: clock, mode: mode) { seeds.next() }
        if mode != .casual { try game.records.setLevelCount(level - 1, mode.levelKey(dimension: game.gridDimension)) }
        try game.startNewGame(dimension: input.dimension)
        let app = try App()
        try app.add(TilesPlugin())
        let tiles = try app.world.resources.get(TileBoards.self)
        try tiles.addBoard(game.tiles, to: app.world)
        layout = try TileBoards.layout(in: app.world)
        self.clock = clock
        self.game = game
        self.app = app
        self.tiles = tiles
    }

    /// Carries the events.
    public let events = EventBus()

    /// The game as a client draws it.
    public var state: TileWorldState {
        get throws(TileGameError) {
            let slots = game.tiles.indices
            return TileWorldState(
                mode: game.gameMode, level: game.currentLevel, dimension: game.gridDimension, status: game.status,
                moves: game.moves, minMoves: game.minMoves, moveLimit: game.moveLimit, secondsPlayed: game.timeElapsed,
                selectedSlot: selectedSlot,
                tileIDs: game.tiles.map(\.id), colours: try tiles.colourGrid(board: Self.board),
                fixedSlots: slots.filter { game.tiles[$0].isFixed })
        }
    }

    /// The slot of the selected tile, if any.
    public var selectedSlot: Int? {
        game.selectedTileId.flatMap { id in game.tiles.firstIndex { $0.id == id } }
    }

    /// Taps the tile in `slot`, as `TileGameController/selectTile(id:)`: the first tap
    /// selects, a tap on the selected tile deselects, a tap on another swaps the two. Returns
    /// the selected slot afterwards (nil after a swap).
    /// - Throws: `TileGameError` `invalidSlot` outside the board, and the controller's
    ///   refusals (not playing, a fixed corner, a tile locked in place).
    public func select(slot: Int) throws(TileGameError) -> Int? {
        guard game.tiles.indices.contains(slot) else { throw .invalidSlot(slot) }
        try play { game throws(TileGameError) in try game.selectTile(id: game.tiles[slot].id) }
        return selectedSlot
    }

    /// Puts the first misplaced tile in place at the cost of five moves and thirty seconds
    /// (`TileGameController/useHint()`); returns the moves made.
    /// - Throws: `TileGameError` `notPlaying` outside play.
    public func hint() throws(TileGameError) -> Int {
        try play { game throws(TileGameError) in try game.useHint() }
        return game.moves
    }

    /// Advances the game's clock by `deltaTime` (while playing), runs what falls due and the
    /// tiles' animation.
    public func step(deltaTime: Double) throws {
        guard isPlaying else { return }
        clock.advance(by: deltaTime)
        try play { game in game.update() }
        try app.update(deltaTime: deltaTime)
    }

    /// Holds the game's clock: the preview, the win animation and the time played wait.
    public func pause() { isPlaying = false }
    /// Runs the game's clock again.
    public func resume() { isPlaying = true }
    /// Holds the game's clock; a puzzle has no start frame to go back to, so the board stays.
    public func stop() { isPlaying = false }
    /// Holds the game's clock; a puzzle has no end frame to jump to, so the board stays.
    public func finish() { isPlaying = false }

    /// Runs `change` on the game, then brings the board world and the clients up to date: the
    /// entities take the new arrangement, a solved board starts the win wave, and the events
    /// of what happened are emitted.
    private func play(_ change: (TileGameController) throws(TileGameError) -> Void) throws(TileGameError) {
        let before = (status: game.status, ids: game.tiles.map(\.id), moves: game.moves)
        try change(game)
        let swapped = game.tiles.indices.filter { game.tiles[$0].id != before.ids[$0] }
        if !swapped.isEmpty { try tiles.arrange(board: Self.board, as: game.tiles, in: layout) }
        if before.status == .preview, game.status == .playing {
            emit("shuffled", [.int(Int64(game.minMoves)), .int(Int64(game.moveLimit))])
        }
        if game.moves != before.moves, swapped.count == 2 {
            emit("moved", [.int(Int64(swapped[0])), .int(Int64(swapped[1])), .int(Int64(game.moves)), .string(game.status.rawValue)])
        }
        if before.status != .animating, game.status == .animating { try tiles.celebrate(board: Self.board, in: layout) }
        if before.status != .won, game.status == .won {
            emit("won", [.int(Int64(game.moves)), .int(Int64(game.minMoves)), .double(game.timeElapsed), .int(Int64(game.currentLevel))])
        }
    }

    /// Emits `name` with positional `arguments`.
    private func emit(_ name: String, _ arguments: [JSONValue]) {
        events.emit(name, arguments: arguments)
    }
}
