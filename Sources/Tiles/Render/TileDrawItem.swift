/// What ``TileBoardRenderer`` reads of one tile entity.
struct TileDrawItem {
    /// The tile's board and id.
    let identity: TileIdentity
    /// Its colour.
    let colour: RGBData
    /// Its slot.
    let slot: TileSlot
    /// Its animated pose.
    let pose: TilePose
    /// Whether it is a fixed corner.
    let isFixed: Bool
}
