/// One tile of the board.
///
/// `==` compares only ``id``: a tile is the same tile wherever it is.
public struct Tile: Identifiable, Equatable, Codable, Sendable {
    /// The tile's identity, equal to ``correctId`` when generated.
    public var id: Int
    /// The slot (row-major index) where the tile belongs.
    public var correctId: Int
    /// The tile's colour.
    public var rgb: RGBData
    /// Whether the tile is an anchored corner that never moves.
    public var isFixed: Bool
    /// The slot the tile occupies now.
    public var currentIdx: Int

    /// A tile from all its fields.
    public init(id: Int, correctId: Int, rgb: RGBData, isFixed: Bool, currentIdx: Int) {
        self.id = id
        self.correctId = correctId
        self.rgb = rgb
        self.isFixed = isFixed
        self.currentIdx = currentIdx
    }

    /// Whether two tiles are the same tile: equal ``id``s.
    public static func == (lhs: Tile, rhs: Tile) -> Bool {
        lhs.id == rhs.id
    }
}
