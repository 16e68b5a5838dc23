/// Tile boards as ECS data in a world the caller owns (an `App`'s, through ``TilesPlugin``):
/// every tile is an entity with a ``TileIdentity``, a ``TileColor``, a ``TileSlot``, a
/// ``TilePose`` and, for corners, the ``FixedTile`` tag. The animation system moves every pose
/// toward its slot on a fixed timestep; the colour grid and the solved check of each board are
/// derived through a `VersionedCache` keyed by the board's version.
///
/// One `TileBoards` per world: the animation moves every tile of the world.
public final class TileBoards {
    /// The world holding the tile entities.
    public let world: World
    /// The animation's constants.
    public var animation = TileAnimation()
    /// The fixed step driver.
    public private(set) var timestep: FixedTimestep
    /// The boards, by index.
    var boards: [TileBoardRecord] = []
    /// The animation system's query.
    let poses: Query<Read<TileSlot>, Write<TilePose>>

    /// No boards yet, in `world`, animated at `step` seconds per step by ``advance(by:)``
    /// (1/60 by default; an app's fixed update steps them at its own step instead).
    /// - Throws: ``TileGameError/world(_:)`` for a step `FixedTimestep` refuses.
    public init(world: World, step: Double = 1.0 / 60.0) throws(TileGameError) {
        self.world = world
        do {
            timestep = try FixedTimestep(step: step)
            poses = try world.query(Read<TileSlot>.self, Write<TilePose>.self)
        } catch {
            throw .world(error.description)
        }
    }

    /// The number of boards.
    public var boardCount: Int { boards.count }

    /// Adds a board of `tiles` in slot order (as ``TileGameController/tiles``), each at rest in
    /// its slot, and returns its index.
    /// - Throws: ``TileGameError/invalidDimension(_:)`` unless there are `d²` tiles for a `d`
    ///   in `4...12`, ``TileGameError/notAPermutation(_:)`` unless their ids are the slots.
    @discardableResult
    public func addBoard(_ tiles: [Tile]) throws(TileGameError) -> Int {
        let dimension = try Self.dimension(of: tiles)
        let index = boards.count
        var slots: [Entity] = []
        slots.reserveCapacity(tiles.count)
        do {
            for (slot, tile) in tiles.enumerated() {
                let place = TileSlot(index: slot, dimension: dimension)
                let identity = TileIdentity(board: Int32(index), id: Int32(tile.id))
                let entity = tile.isFixed
                    ? try world.spawn(identity, TileColor(tile.rgb), place, TilePose(at: place.cell), FixedTile())
                    : try world.spawn(identity, TileColor(tile.rgb), place, TilePose(at: place.cell))
                slots.append(entity)
            }
        } catch {
            throw .world(error.description)
        }
        boards.append(TileBoardRecord(dimension: dimension, slots: slots))
        return index
    }

    /// Rearranges board `board` to the order of `tiles` (slot order, as the controller holds
    /// them); tiles that change slot animate there from where they are. A board that is not
    /// solved leaves the win pose.
    /// - Throws: ``TileGameError/unknownBoard(_:)``, and ``TileGameError/notAPermutation(_:)``
    ///   unless `tiles` holds exactly the board's tile ids.
    public func arrange(board: Int, as tiles: [Tile]) throws(TileGameError) {
        let record = try self.record(board)
        guard tiles.count == record.slots.count else { throw .notAPermutation("\(tiles.count) tiles for \(record.slots.count) slots") }
        var byId = [Entity?](repeating: nil, count: tiles.count)
        for entity in record.slots {
            byId[Int(try get(TileIdentity.self, of: entity).id)] = entity
        }
        var slots: [Entity] = []
        slots.reserveCapacity(tiles.count)
        for tile in tiles {
            guard byId.indices.contains(tile.id), let entity = byId[tile.id] else {
                throw .notAPermutation("tile \(tile.id) is not on the board, or appears twice")
            }
            byId[tile.id] = nil
            slots.append(entity)
        }
        for (slot, entity) in slots.enumerated() where slots[slot] != record.slots[slot] {
            try set(TileSlot(index: slot, dimension: record.dimension), of: entity)
        }
        boards[board].slots = slots
        boards[board].version &+= 1
        if !(try isSolved(board: board)) { try celebrate(board: board, false) }
    }

    /// Swaps the tiles in slots `a` and `b` of board `board`.
    /// - Throws: ``TileGameError/unknownBoard(_:)``, ``TileGameError/invalidSlot(_:)``.
    public func swap(board: Int, slots a: Int, _ b: Int) throws(TileGameError) {
        let record = try self.record(board)
        for slot in [a, b] where !record.slots.indices.contains(slot) { throw .invalidSlot(slot) }
        let first = record.slots[a], second = record.slots[b]
        try set(TileSlot(index: b, dimension: record.dimension), of: first)
        try set(TileSlot(index: a, dimension: record.dimension), of: second)
        boards[board].slots.swapAt(a, b)
        boards[board].version &+= 1
    }

    /// Starts (or, with `on` false, ends) the win wave of board `board`: each tile takes the
    /// win pose `(x + y) × waveDelay` seconds from now.
    /// - Throws: ``TileGameError/unknownBoard(_:)``.
    public func celebrate(board: Int, _ on: Bool = true) throws(TileGameError) {
        let record = try self.record(board)
        for (slot, entity) in record.slots.enumerated() {
            var pose = try get(TilePose.self, of: entity)
            pose.celebrateIn = on ? Float(slot % record.dimension + slot / record.dimension) * animation.waveDelay : .infinity
            try set(pose, of: entity)
        }
    }

    /// The colours of board `board` in slot order, recomputed only when its arrangement changed.
    /// - Throws: ``TileGameError/unknownBoard(_:)``.
    public func colourGrid(board: Int) throws(TileGameError) -> [RGBData] {
        let record = try self.record(board)
        return try typed {
            try boards[board].colours.value(for: record.version) {
                var colours: [RGBData] = []
                colours.reserveCapacity(record.slots.count)
                for entity in record.slots { colours.append(try get(TileColor.self, of: entity).rgb) }
                return colours
            }
        }
    }

    /// Whether every tile of board `board` is in its slot, recomputed only when its arrangement
    /// changed.
    /// - Throws: ``TileGameError/unknownBoard(_:)``.
    public func isSolved(board: Int) throws(TileGameError) -> Bool {
        let record = try self.record(board)
        return try typed {
            try boards[board].solved.value(for: record.version) {
                for (slot, entity) in record.slots.enumerated() where try get(TileIdentity.self, of: entity).id != Int32(slot) {
                    return false
                }
                return true
            }
        }
    }

    /// The entities of board `board` in slot order.
    /// - Throws: ``TileGameError/unknownBoard(_:)``.
    public func entities(board: Int) throws(TileGameError) -> [Entity] {
        try record(board).slots
    }

    /// Adds a frame's delta and runs the animation system for every fixed step owed; returns
    /// the number of steps run.
    @discardableResult
    public func advance(by frameDelta: Double) -> Int {
        let steps = timestep.advance(by: frameDelta)
        for _ in 0..<steps { step() }
        return steps
    }

    /// One fixed step of the animation system over every tile of every board.
    public func step() {
        // The query declares its terms and no system is running, so it cannot throw.
        try? Self.animate(poses, animation, dt: Float(timestep.step))
    }

    /// One step of `dt` seconds of the animation system over the tiles `poses` visits: the body
    /// of ``TilesPlugin``'s animation system.
    /// - Throws: The errors of the query's loop (`ECSError`).
    public static func animate(_ poses: Query<Read<TileSlot>, Write<TilePose>>, _ animation: TileAnimation, dt: Float) throws {
        let decay = animation.decay(for: dt)
        try unsafe poses.forEachChunk { chunk, slots, poses in
            for row in 0..<chunk.count {
                unsafe animation.step(&poses[row], slot: slots[row], dt: dt, decay: decay)
            }
        }
    }

    /// The component `C` of `entity`.
    func get<C>(_ type: C.Type, of entity: Entity) throws(TileGameError) -> C {
        do {
            return try world.get(type, of: entity)
        } catch {
            throw .world(error.description)
        }
    }

    /// Replaces the component `C` of `entity`.
    func set<C>(_ value: C, of entity: Entity) throws(TileGameError) {
        do {
            try world.set(value, of: entity)
        } catch {
            throw .world(error.description)
        }
    }

    /// The result of `body`, whose only errors are ``TileGameError``s passed through a
    /// `rethrows` API that erases their type.
    private func typed<Value>(_ body: () throws -> Value) throws(TileGameError) -> Value {
        do {
            return try body()
        } catch let error as TileGameError {
            throw error
        } catch {
            throw .world(String(describing: error))
        }
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
