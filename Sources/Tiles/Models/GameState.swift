/// A saved game; its field names are the keys of the save's JSON.
public struct GameState: Equatable, Codable, Sendable {
    /// The tiles in slot order.
    public var tiles: [Tile]
    /// The side of the square grid.
    public var gridDimension: Int
    /// Moves made, hints counting 5.
    public var moves: Int
    /// The game's status.
    public var status: GameStatus
    /// The level being played.
    public var currentLevel: Int
    /// The selected tile, if any.
    public var selectedTileId: Int?
    /// The board's corner colours.
    public var currentCorners: CornerColors?
    /// The minimum number of swaps that solved the board after the shuffle.
    public var minMoves: Int?
    /// The precision move limit (0 in other modes).
    public var moveLimit: Int?
    /// The mode the game was played in.
    public var gameMode: GameMode?
    /// Seconds played, hints counting 30.
    public var timeElapsed: Double?

    /// A save from all its fields.
    public init(
        tiles: [Tile], gridDimension: Int, moves: Int, status: GameStatus, currentLevel: Int,
        selectedTileId: Int? = nil, currentCorners: CornerColors? = nil, minMoves: Int? = nil,
        moveLimit: Int? = nil, gameMode: GameMode? = nil, timeElapsed: Double? = nil
    ) {
        self.tiles = tiles
        self.gridDimension = gridDimension
        self.moves = moves
        self.status = status
        self.currentLevel = currentLevel
        self.selectedTileId = selectedTileId
        self.currentCorners = currentCorners
        self.minMoves = minMoves
        self.moveLimit = moveLimit
        self.gameMode = gameMode
        self.timeElapsed = timeElapsed
    }
}
