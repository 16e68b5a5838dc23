/// One board of a ``TileBoards``: its tile entities and their ids by slot, each tile's colour, a
/// version that changes with every rearrangement, and the values derived from it.
struct TileBoardRecord {
    /// The side of the square board.
    let dimension: Int
    /// The entity in each slot.
    var slots: [Entity]
    /// The id of the tile in each slot (the slot it belongs in).
    var ids: [Int]
    /// The colour of each tile, by id.
    let colours: [RGBData]
    /// Bumped by every change of the arrangement.
    var version: UInt64 = 0
    /// The colours in slot order, for ``version``.
    var grid = VersionedCache<[RGBData]>()
    /// Whether every tile is in its slot, for ``version``.
    var solved = VersionedCache<Bool>()
}
