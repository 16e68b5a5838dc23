/// An input action of the tile puzzle, as an event of ``TilesPlugin``: swap the tiles in two
/// slots of a board.
public struct TileSwap: Equatable, Sendable {
    /// The board's index in the world's ``TileBoards``.
    public var board: Int
    /// The first slot.
    public var first: Int
    /// The second slot.
    public var second: Int

    /// A swap of `first` and `second` on `board`.
    public init(board: Int, _ first: Int, _ second: Int) {
        self.board = board
        self.first = first
        self.second = second
    }
}

/// An event of ``TilesPlugin``: a swap solved a board, whose win wave has started.
public struct TileBoardSolved: Equatable, Sendable {
    /// The board's index in the world's ``TileBoards``.
    public var board: Int

    /// Board `board` was solved.
    public init(board: Int) { self.board = board }
}
