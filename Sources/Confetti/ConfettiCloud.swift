import ECS

/// The particles of one run: traits and states as ECS components of one table of a world the
/// caller owns (an `App`'s, through ``ConfettiPlugin``), with the live particles in the alive
/// prefix (rows `0..<aliveCount`).
///
/// The particles are the world's entities holding the confetto components, and they live in one
/// table: a world holds one cloud at a time, and other components must not be added to its
/// particles. Its passes are structural changes (compaction, respawns) and loops over those
/// components, so a cloud is driven outside a schedule or from an exclusive system.
///
/// Invariants, true at all times: ``traits`` and ``states`` have the same count, equal to
/// ``count``; ``aliveCount`` `<=` ``count``; live particles are the prefix. A particle marked
/// dead (opacity 0) by a step stays in the prefix until ``compact()``, which removes it in one
/// stable pass (survivors keep their order). Removed rows are reclaimed rather than kept past
/// `aliveCount`, so after a compaction `aliveCount == count`.
///
/// ``version`` counts mutations for cache invalidation: the simulation bumps it once per step,
/// seek and test mutation. ``compact()`` and ``setState(_:at:)`` leave it to the caller to
/// call ``incrementVersion()``.
///
/// A cloud is confined to one thread at a time; its parallel passes split its rows over
/// threads internally.
public final class ConfettiCloud {
    /// The world holding the particle table.
    public let world: World
    /// Mutation counter, see the type's documentation. Its exclusivity is not checked at run
    /// time, so every access is marked `unsafe`; it holds because a cloud is confined to one
    /// thread and no access to the counter overlaps another.
    @exclusivity(unchecked) public private(set) var version: Int
    /// Dead rows per parallel chunk of the last step, reused from step to step.
    var deadCountsPerChunk: [Int] = []
    /// Dead rows before each parallel chunk of the last step: a respawn's first number in
    /// the chunk, reused from respawn to respawn.
    var firstRespawnPerChunk: [Int] = []
    /// Changes whenever rows move (compaction); a renderer then rewrites every identifier
    /// and colour.
    private(set) var layoutVersion = 0
    /// Rows whose traits were rewritten in place (respawns) since ``layoutVersion`` changed.
    private(set) var rewrittenRows: [Int] = []
    /// Rows the last ``respawnDead(threads:_:)`` or ``respawnDeadInOrder(_:)`` rewrote, in row order; emptied by
    /// ``stepRendering(threads:_:)``, so after one it holds only that step's respawns.
    private(set) var respawnedRows: [Int] = []
    /// The columns the physics step reads and writes.
    let stepQuery: Query<
        Write<ConfettoPosition>, Write<ConfettoVelocity>, Write<ConfettoRotation>, Write<ConfettoOpacity>,
        Read<ConfettoSpin>, Read<ConfettoWindForce>
    >
    /// The columns the render mapping reads.
    let renderQuery: Query<
        Read<ConfettoID>, Read<ConfettoSize>, Read<ConfettoColor>,
        Read<ConfettoPosition>, Read<ConfettoRotation>, Read<ConfettoOpacity>
    >
    /// The columns a step fused with the render mapping reads and writes.
    let stepRenderQuery: Query<
        Write<ConfettoPosition>, Write<ConfettoVelocity>, Write<ConfettoRotation>, Write<ConfettoOpacity>,
        Read<ConfettoSpin>, Read<ConfettoWindForce>, Read<ConfettoID>, Read<ConfettoSize>, Read<ConfettoColor>
    >
    /// Every column, read only.
    let readQuery: Query<
        Read<ConfettoID>, Read<ConfettoSize>, Read<ConfettoColor>, Read<ConfettoSpin>, Read<ConfettoWindForce>,
        Read<ConfettoPosition>, Read<ConfettoVelocity>, Read<ConfettoRotation>, Read<ConfettoOpacity>
    >
    /// Every column, writable (respawns and state replacement).
    let writeQuery: Query<
        Write<ConfettoID>, Write<ConfettoSize>, Write<ConfettoColor>, Write<ConfettoSpin>, Write<ConfettoWindForce>,
        Write<ConfettoPosition>, Write<ConfettoVelocity>, Write<ConfettoRotation>, Write<ConfettoOpacity>
    >

    /// The instruction set the render passes' kernels run on (the same bits on every set).
    public let kernels: KernelInstructionSet

    /// Creates a cloud in `world` whose rows are `traits[i]` with `states[i]`, all alive, at
    /// `version`, whose render passes run on `kernels`.
    /// - Throws: `ConfettiError` `invalidArgument` when the counts differ or the world already holds
    ///   a cloud's particles (``removeAll()`` them first); the errors of spawning.
    public init(
        world: World, traits: [ConfettoTraits], states: [ConfettoState], version: Int = 0,
        kernels: KernelInstructionSet = .best
    ) throws(ConfettiError) {
        guard traits.count == states.count else {
            throw ConfettiError(.invalidArgument, "traits and states must have the same count (got \(traits.count) and \(states.count))")
        }
        self.world = world
        self.kernels = kernels
        // SAFETY: the cloud is being initialised on this thread; nothing else reaches it yet.
        unsafe self.version = version
        stepQuery = try ConfettiError.world { () throws(ECSError) in try world.query(
            Write<ConfettoPosition>.self, Write<ConfettoVelocity>.self, Write<ConfettoRotation>.self,
            Write<ConfettoOpacity>.self, Read<ConfettoSpin>.self, Read<ConfettoWindForce>.self
        ) }
        renderQuery = try ConfettiError.world { () throws(ECSError) in try world.query(
            Read<ConfettoID>.self, Read<ConfettoSize>.self, Read<ConfettoColor>.self,
            Read<ConfettoPosition>.self, Read<ConfettoRotation>.self, Read<ConfettoOpacity>.self
        ) }
        stepRenderQuery = try ConfettiError.world { () throws(ECSError) in try world.query(
            Write<ConfettoPosition>.self, Write<ConfettoVelocity>.self, Write<ConfettoRotation>.self,
            Write<ConfettoOpacity>.self, Read<ConfettoSpin>.self, Read<ConfettoWindForce>.self,
            Read<ConfettoID>.self, Read<ConfettoSize>.self, Read<ConfettoColor>.self
        ) }
        readQuery = try ConfettiError.world { () throws(ECSError) in try world.query(
            Read<ConfettoID>.self, Read<ConfettoSize>.self, Read<ConfettoColor>.self, Read<ConfettoSpin>.self,
            Read<ConfettoWindForce>.self, Read<ConfettoPosition>.self, Read<ConfettoVelocity>.self,
            Read<ConfettoRotation>.self, Read<ConfettoOpacity>.self
        ) }
        writeQuery = try ConfettiError.world { () throws(ECSError) in try world.query(
            Write<ConfettoID>.self, Write<ConfettoSize>.self, Write<ConfettoColor>.self, Write<ConfettoSpin>.self,
            Write<ConfettoWindForce>.self, Write<ConfettoPosition>.self, Write<ConfettoVelocity>.self,
            Write<ConfettoRotation>.self, Write<ConfettoOpacity>.self
        ) }
        let existing = readQuery.count
        guard existing == 0 else {
            throw ConfettiError(.invalidArgument, "the world already holds \(existing) confetti particles: a world holds one cloud at a time")
        }
        try ConfettiError.world { () throws(ECSError) in _ = try world.spawn(count: traits.count) { i in
            let t = traits[i], s = states[i]
            return (
                ConfettoID(t.id), ConfettoSize(t.size), ConfettoColor(t.color), ConfettoSpin(t.rotationSpeed),
                ConfettoWindForce(t.windForce), ConfettoPosition(s.position), ConfettoVelocity(s.velocity),
                ConfettoRotation(s.rotation), ConfettoOpacity(s.opacity)
            )
        } }
    }

    /// Number of live particles (the alive prefix).
    public var aliveCount: Int { stepQuery.count }

    /// Number of stored particles; equals ``aliveCount`` (see the type's documentation).
    public var count: Int { readQuery.count }

    /// Whether no particle is alive.
    public var isEmpty: Bool { aliveCount == 0 }

    /// Bumps ``version``.
    public func incrementVersion() {
        // SAFETY: the cloud is confined to one thread, so this write overlaps no other access.
        unsafe version += 1
    }

    /// The traits of every stored particle, in row order.
    public var traits: [ConfettoTraits] {
        var result: [ConfettoTraits] = []
        // Cannot fail: the cloud runs outside any system or in an exclusive one and the body does not throw.
        try? readQuery.forEach { _, id, size, color, spin, wind, _, _, _, _ in
            result.append(ConfettoTraits(
                id: id.value, size: size.value, color: color.value, rotationSpeed: spin.value, windForce: wind.value
            ))
        }
        return result
    }

    /// The states of every stored particle, in row order.
    public var states: [ConfettoState] {
        var result: [ConfettoState] = []
        // Cannot fail: the cloud runs outside any system or in an exclusive one and the body does not throw.
        try? readQuery.forEach { _, _, _, _, _, _, position, velocity, rotation, opacity in
            result.append(ConfettoState(
                position: position.value, velocity: velocity.value, rotation: rotation.value, opacity: opacity.value
            ))
        }
        return result
    }

    /// Replaces the state of the particle in row `index` (does not bump ``version``).
    /// - Throws: `ConfettiError` `invalidArgument` for a row outside `0..<count`.
    public func setState(_ state: ConfettoState, at index: Int) throws(ConfettiError) {
        guard index >= 0, index < count else {
            throw ConfettiError(.invalidArgument, "particle row \(index) is outside 0..<\(count)")
        }
        // SAFETY: `index` is a stored row (checked above) and `writeRows` lends row 0's columns
        // for the closure's duration.
        writeRows { unsafe $0.advanced(by: index).store(state) }
    }

    /// Replaces every particle's traits and state in place with `traits[i]` and `states[i]`
    /// (as many as ``count``), all alive, and sets ``version``: a new run of the same size with
    /// no structural change, so no entity is destroyed or spawned.
    /// - Throws: `ConfettiError` `invalidArgument` when the counts differ from ``count``.
    public func reset(traits: [ConfettoTraits], states: [ConfettoState], version: Int) throws(ConfettiError) {
        let stored = count
        guard traits.count == stored, states.count == stored else {
            throw ConfettiError(
                .invalidArgument, "a reset needs \(stored) traits and states (got \(traits.count) and \(states.count))")
        }
        // SAFETY: rows `0..<stored` are the table's initialised rows, which `writeRows` lends
        // for the closure's duration; `store` overwrites plain bits.
        writeRows { columns in
            for row in 0..<stored { unsafe columns.advanced(by: row).store(traits[row], states[row]) }
        }
        changeLayout()
        clearRespawnedRows()
        // SAFETY: the cloud is confined to one thread, so this write overlaps no other access.
        unsafe self.version = version
    }

    /// Removes every particle from the world (a new run, or the end of one). Does not bump
    /// ``version``.
    /// - Throws: ``ConfettiError`` `world` inside a query loop or a non-exclusive system.
    public func removeAll() throws(ConfettiError) {
        do {
            if try world.retain(ConfettoID.self, where: { _ in false }) > 0 { changeLayout() }
        } catch let error as ECSError {
            throw ConfettiError(error)
        } catch {
            // The predicate does not throw.
        }
    }

    /// Removes dead particles (opacity not above 0) in one stable pass; survivors keep their
    /// relative order. Does not bump ``version``.
    public func compact() {
        // Cannot throw: the predicate does not throw and no query loop is running.
        let removed = (try? world.retain(ConfettoOpacity.self) { $0.value > 0 }) ?? 0
        if removed > 0 {
            changeLayout()
        }
    }

    /// Records that rows moved: every trait a renderer copied is out of date.
    /// Forgets ``respawnedRows`` (a step or a respawn starts a new list).
    func clearRespawnedRows() {
        respawnedRows.removeAll(keepingCapacity: true)
    }

    func changeLayout() {
        layoutVersion += 1
        rewrittenRows.removeAll(keepingCapacity: true)
    }

    /// ``respawnedRows``, taken out and emptied (its capacity kept), for a respawn to fill and
    /// hand to ``noteRespawned(_:limit:)``.
    func takeRespawnedRows() -> [Int] {
        var rows: [Int] = []
        swap(&rows, &respawnedRows)
        rows.removeAll(keepingCapacity: true)
        return rows
    }

    /// Records the rows, in row order, whose traits a respawn rewrote in place: they become
    /// ``respawnedRows`` and join ``rewrittenRows``, unless that log would grow past `limit`,
    /// which becomes a layout change instead, cheaper to honour.
    func noteRespawned(_ rows: [Int], limit: Int) {
        respawnedRows = rows
        if rewrittenRows.count + rows.count > limit {
            changeLayout()
        } else {
            rewrittenRows.append(contentsOf: rows)
        }
    }

    /// Runs `body` with the column pointers of row 0; ``ConfettiParticleColumns/advanced(by:)``
    /// reaches the other stored rows.
    func writeRows(_ body: (ConfettiParticleColumns) -> Void) {
        // Cannot fail: the cloud runs outside any system or in an exclusive one and the body does not throw.
        // SAFETY: the buffers are the table's rows, valid while the loop body runs; their base
        // addresses are column addresses, never nil, so the unwraps cannot fail.
        try? unsafe writeQuery.forEachChunk { (
            _: Chunk, id: UnsafeMutableBufferPointer<ConfettoID>, size: UnsafeMutableBufferPointer<ConfettoSize>,
            color: UnsafeMutableBufferPointer<ConfettoColor>, spin: UnsafeMutableBufferPointer<ConfettoSpin>,
            wind: UnsafeMutableBufferPointer<ConfettoWindForce>, position: UnsafeMutableBufferPointer<ConfettoPosition>,
            velocity: UnsafeMutableBufferPointer<ConfettoVelocity>, rotation: UnsafeMutableBufferPointer<ConfettoRotation>,
            opacity: UnsafeMutableBufferPointer<ConfettoOpacity>
        ) in
            body(unsafe ConfettiParticleColumns(
                id: id.baseAddress!, size: size.baseAddress!, color: color.baseAddress!, spin: spin.baseAddress!,
                windForce: wind.baseAddress!, position: position.baseAddress!, velocity: velocity.baseAddress!,
                rotation: rotation.baseAddress!, opacity: opacity.baseAddress!
            ))
        }
    }
}
