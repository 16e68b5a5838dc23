/// The boards of the tile puzzle, a resource of ``TilesPlugin``: which tile entity sits in
/// each slot of each board, with each slot's tile id. It holds no world: the tiles are entities
/// with a ``TileIdentity``, a ``TileColor``, a ``TileSlot``, a ``TilePose`` and, for corners, the
/// ``FixedTile`` tag, and every operation that moves tiles writes them through the ``TileLayout``
/// query its caller passes (a system's declared parameter, or ``layout(in:)`` between frames).
///
/// Each board's solved check and colour grid are derived from its slot ids (and the colours its
/// tiles were added with) through a `VersionedCache` keyed by the board's version, which every
/// rearrangement bumps.
public final class TileBoards {
    /// The animation's constants.
    public var animation = TileAnimation()
    /// The boards, by index.
    var boards: [TileBoardRecord] = []

    /// No boards yet.
    public init() {}

    /// The number of boards.
    public var boardCount: Int { boards.count }

    /// Spawns a board of `tiles` in slot order (as ``TileGameController/tiles``) into `world`,
    /// each tile at rest in its slot, and returns its index. Spawning is a structural change:
    /// call it between frames or from an exclusive system.
    /// - Throws: ``TileGameError/invalidDimension(_:)`` unless there are `d²` tiles for a `d`
    ///   in `4...12`, ``TileGameError/notAPermutation(_:)`` unless their ids are the slots,
    ///   ``TileGameError/world(_:)`` when the world refuses the spawn.
    @discardableResult
    public func addBoard(_ tiles: [Tile], to world: World) throws(TileGameError) -> Int {
        let dimension = try Self.dimension(of: tiles)
        let index = boards.count
        var slots: [Entity] = []
        slots.reserveCapacity(tiles.count)
        try Self.keepingWorldErrors {
            for (slot, tile) in tiles.enumerated() {
                let place = TileSlot(index: slot, dimension: dimension)
                let identity = TileIdentity(board: Int32(index), id: Int32(tile.id))
                let entity = tile.isFixed
                    ? try world.spawn(identity, TileColor(tile.rgb), place, TilePose(at: place.cell), FixedTile())
                    : try world.spawn(identity, TileColor(tile.rgb), place, TilePose(at: place.cell))
                slots.append(entity)
            }
        }
        var colours = [RGBData](repeating: RGBData(r: 0, g: 0, b: 0), count: tiles.count)
        for tile in tiles { colours[tile.id] = tile.rgb }
        boards.append(TileBoardRecord(dimension: dimension, slots: slots, ids: tiles.map(\.id), colours: colours))
        return index
    }

    /// Rearranges board `board` to the order of `tiles` (slot order, as the controller holds
    /// them), writing through `layout`; tiles that change slot animate there from where they
    /// are. A board that is not solved leaves the win pose.
    /// - Throws: ``TileGameError/unknownBoard(_:)``, ``TileGameError/notAPermutation(_:)``
    ///   unless `tiles` holds exactly the board's tile ids, ``TileGameError/world(_:)`` when
    ///   `layout` cannot reach a tile.
    public func arrange(board: Int, as tiles: [Tile], in layout: TileLayout) throws(TileGameError) {
        try check(board)
        let count = boards[board].slots.count
        guard tiles.count == count else { throw .notAPermutation("\(tiles.count) tiles for \(count) slots") }
        var seen = [Bool](repeating: false, count: count)
        for tile in tiles {
            guard seen.indices.contains(tile.id), !seen[tile.id] else {
                throw .notAPermutation("tile \(tile.id) is not on the board, or appears twice")
            }
            seen[tile.id] = true
        }
        // Every tile is on the board once: move the ones whose slot changes, in place.
        var byId = [Entity?](repeating: nil, count: count)
        for slot in 0..<count { byId[boards[board].ids[slot]] = boards[board].slots[slot] }
        let dimension = boards[board].dimension
        for (slot, tile) in tiles.enumerated() where boards[board].ids[slot] != tile.id {
            guard let entity = byId[tile.id] else { throw .notAPermutation("tile \(tile.id) is not on the board") }
            try place(entity, in: slot, dimension: dimension, layout)
            boards[board].slots[slot] = entity
            boards[board].ids[slot] = tile.id
        }
        boards[board].version &+= 1
        if !(try isSolved(board: board)) { try celebrate(board: board, false, in: layout) }
    }

    /// Swaps the tiles in slots `a` and `b` of board `board`, writing their slots through
    /// `layout`.
    /// - Throws: ``TileGameError/unknownBoard(_:)``, ``TileGameError/invalidSlot(_:)``,
    ///   ``TileGameError/world(_:)`` when `layout` cannot reach a tile.
    public func swap(board: Int, slots a: Int, _ b: Int, in layout: TileLayout) throws(TileGameError) {
        try check(board)
        for slot in [a, b] where !boards[board].slots.indices.contains(slot) { throw .invalidSlot(slot) }
        let dimension = boards[board].dimension
        try place(boards[board].slots[a], in: b, dimension: dimension, layout)
        try place(boards[board].slots[b], in: a, dimension: dimension, layout)
        boards[board].slots.swapAt(a, b)
        boards[board].ids.swapAt(a, b)
        boards[board].version &+= 1
    }

    /// Starts (or, with `on` false, ends) the win wave of board `board` through `layout`: each
    /// tile takes the win pose `(x + y) × waveDelay` seconds from now.
    /// - Throws: ``TileGameError/unknownBoard(_:)``, ``TileGameError/world(_:)`` when `layout`
    ///   cannot reach a tile.
    public func celebrate(board: Int, _ on: Bool = true, in layout: TileLayout) throws(TileGameError) {
        let record = try self.record(board)
        let delay = animation.waveDelay
        for (slot, entity) in record.slots.enumerated() {
            let celebrateIn = on ? Float(slot % record.dimension + slot / record.dimension) * delay : .infinity
            try Self.keepingWorldErrors {
                try layout.get(entity) { _, pose in pose.value.celebrateIn = celebrateIn }
            }
        }
    }

    /// The colours of board `board` in slot order (the colours its tiles were added with),
    /// recomputed only when its arrangement changed.
    /// - Throws: ``TileGameError/unknownBoard(_:)``.
    public func colourGrid(board: Int) throws(TileGameError) -> [RGBData] {
        let record = try self.record(board)
        return boards[board].grid.value(for: record.version) { record.ids.map { record.colours[$0] } }
    }

    /// Whether every tile of board `board` is in its slot, recomputed only when its arrangement
    /// changed.
    /// - Throws: ``TileGameError/unknownBoard(_:)``.
    public func isSolved(board: Int) throws(TileGameError) -> Bool {
        let record = try self.record(board)
        return boards[board].solved.value(for: record.version) {
            record.ids.indices.allSatisfy { record.ids[$0] == $0 }
        }
    }

    /// The entities of board `board` in slot order.
    /// - Throws: ``TileGameError/unknownBoard(_:)``.
    public func entities(board: Int) throws(TileGameError) -> [Entity] {
        try record(board).slots
    }

    /// The tile ids of board `board` in slot order: the id in slot `s` is the slot the tile
    /// belongs in.
    /// - Throws: ``TileGameError/unknownBoard(_:)``.
    public func tileIDs(board: Int) throws(TileGameError) -> [Int] {
        try record(board).ids
    }

    /// One step of `dt` seconds of the animation over the tiles `poses` visits: the body of
    /// ``TilesPlugin``'s `tiles.animate` system.
    /// - Throws: The errors of the query's loop (`ECSError`).
    public static func animate(_ poses: Query<Read<TileSlot>, Write<TilePose>>, _ animation: TileAnimation, dt: Float) throws {
        let decay = animation.decay(for: dt)
        try unsafe poses.forEachChunk { chunk, slots, poses in
            for row in 0..<chunk.count {
                unsafe animation.step(&poses[row], slot: slots[row], dt: dt, decay: decay)
            }
        }
    }

    /// Writes slot `slot` of a board of side `dimension` into `entity`'s ``TileSlot`` through
    /// `layout`.
    private func place(_ entity: Entity, in slot: Int, dimension: Int, _ layout: TileLayout) throws(TileGameError) {
        let place = TileSlot(index: slot, dimension: dimension)
        try Self.keepingWorldErrors { try layout.get(entity) { tileSlot, _ in tileSlot.value = place } }
    }

    /// What `body` returns; the world's error it throws is kept in ``TileGameError/world(_:)``.
    /// `body` throws only `ECSError`s (query loops and look-ups, whose bodies here do not
    /// throw); anything else would be a world error without a code, kept as its description.
    static func keepingWorldErrors<T>(_ body: () throws -> T) throws(TileGameError) -> T {
        do {
            return try body()
        } catch let error as ECSError {
            throw .world(error)
        } catch {
            throw .world(ECSError(.invalidArgument, String(describing: error)))
        }
    }

    /// Throws ``TileGameError/unknownBoard(_:)`` unless board `index` exists.
    private func check(_ index: Int) throws(TileGameError) {
        guard boards.indices.contains(index) else { throw .unknownBoard(index) }
    }

    /// The record of board `index`.
    private func record(_ index: Int) throws(TileGameError) -> TileBoardRecord {
        guard boards.indices.contains(index) else { throw .unknownBoard(index) }
        return boards[index]
    }

    /// The dimension of a board of `tiles`, checked.
    private static func dimension(of tiles: [Tile]) throws(TileGameError) -> Int {
        let dimension = Int(Double(tiles.count).squareRoot().rounded())
        guard dimension * dimension == tiles.count, BoardGenerator.dimensions.contains(dimension) else {
            throw .invalidDimension(dimension)
        }
        var seen = [Bool](repeating: false, count: tiles.count)
        for tile in tiles {
            guard seen.indices.contains(tile.id), !seen[tile.id] else { throw .notAPermutation("tile id \(tile.id)") }
            seen[tile.id] = true
        }
        return dimension
    }
}
