/// Which tile an entity is: its board and its id (which is also its correct slot).
public struct TileIdentity: Equatable, Sendable {
    /// The board's index in its ``TileBoards``.
    public var board: Int32
    /// The tile's id, equal to its correct slot.
    public var id: Int32

    /// The identity of tile `id` on `board`.
    public init(board: Int32, id: Int32) {
        self.board = board
        self.id = id
    }
}
