/// Which board ``TilesPlugin``'s `tiles.draw` system draws into the frame, and how: a resource
/// of the plugin, drawing nothing until a board is chosen.
public struct TileBoardView: Equatable, Sendable {
    /// The board to draw, by its index in the world's ``TileBoards``; nil draws nothing.
    public var board: Int?
    /// How the board is drawn (background, gap, selection, marks).
    public var style: TileRenderStyle

    /// A view of `board` in `style`.
    public init(board: Int? = nil, style: TileRenderStyle = TileRenderStyle()) {
        self.board = board
        self.style = style
    }
}
