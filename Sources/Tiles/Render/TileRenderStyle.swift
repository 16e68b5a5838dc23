import Render

/// How ``TileBoardRenderer`` draws a board.
public struct TileRenderStyle: Sendable, Equatable {
    /// The colour behind the tiles.
    public var background = RGBAColor(r: 0.09, g: 0.09, b: 0.11)
    /// The gap between tiles, as a fraction of a cell.
    public var gap: Float = 0.08
    /// The tile drawn with a highlight, if any.
    public var selectedTileId: Int?
    /// Whether tiles in their slot get a check mark (casual and precision, not pure).
    public var marksPlacedTiles = true
    /// The highlight's colour.
    public var highlight = RGBAColor.white

    /// The default style, optionally with a selection and the marks of `mode`.
    public init(selectedTileId: Int? = nil, mode: GameMode = .casual) {
        self.selectedTileId = selectedTileId
        self.marksPlacedTiles = mode.locksPlacedTiles
    }
}
