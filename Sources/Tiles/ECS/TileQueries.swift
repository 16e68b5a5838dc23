/// The query through which ``TileBoards`` moves tiles: it writes their ``TileSlot`` (swaps and
/// arrangements) and ``TilePose`` (the win wave).
public typealias TileLayout = Query<Write<TileSlot>, Write<TilePose>>

/// The query through which ``TileBoardRenderer`` reads a tile: its identity, colour, slot and
/// pose, and whether it is a fixed corner.
public typealias TileAppearance = Query<Read<TileIdentity>, Read<TileColor>, Read<TileSlot>, Read<TilePose>, Read<FixedTile>?>

extension TileBoards {
    /// The ``TileLayout`` query over `world`, for moving tiles outside a schedule (between
    /// frames, or in a world of your own); a system declares it as a parameter instead.
    /// - Throws: ``TileGameError/world(_:)`` for a world whose components cannot be queried.
    public static func layout(in world: World) throws(TileGameError) -> TileLayout {
        try Self.keepingWorldErrors { try world.query(Write<TileSlot>.self, Write<TilePose>.self) }
    }

    /// The ``TileAppearance`` query over `world`, for drawing a board outside a schedule; a
    /// system declares it as a parameter instead.
    /// - Throws: ``TileGameError/world(_:)`` for a world whose components cannot be queried.
    public static func appearance(in world: World) throws(TileGameError) -> TileAppearance {
        try Self.keepingWorldErrors {
            try world.query(Read<TileIdentity>.self, Read<TileColor>.self, Read<TileSlot>.self, Read<TilePose>.self, Read<FixedTile>?.self)
        }
    }
}
