import Tiles

/// What a client needs to draw a hosted tile game, as the `state` action returns it.
public struct TileWorldState: Codable, Sendable, Equatable {
    /// The mode played.
    public var mode: GameMode
    /// The level played (in casual, levels completed on this grid size plus one).
    public var level: Int
    /// The side of the square grid.
    public var dimension: Int
    /// Where the game is: preview, playing, animating, won or gameOver.
    public var status: GameStatus
    /// Moves made, a hint counting five.
    public var moves: Int
    /// The fewest swaps that solve the shuffled board (0 during the preview).
    public var minMoves: Int
    /// The precision move limit, 0 in the other modes.
    public var moveLimit: Int
    /// Seconds played, a hint counting thirty.
    public var secondsPlayed: Double
    /// The slot of the selected tile, if any.
    public var selectedSlot: Int?
    /// The id of the tile in each slot, in slot order; tile `id` belongs in slot `id`.
    public var tileIDs: [Int]
    /// The colour in each slot, in slot order.
    public var colours: [RGBData]
    /// The slots of the fixed corner tiles.
    public var fixedSlots: [Int]
}
