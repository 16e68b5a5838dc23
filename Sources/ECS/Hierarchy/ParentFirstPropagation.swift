/// Computes a component from the parent's value of it and the entity's own input, parents
/// before children: a transform propagation as one loop.
///
/// ```swift
/// let propagation = try ParentFirstPropagation<LocalTransform, GlobalTransform>(world)
/// try propagation.run { parent, local in parent.map { $0 * local.matrix } ?? local.matrix }
/// ```
/// It visits every entity holding both `Local` and `Global`: each one whose parent lacks them
/// (or that has no parent) as a root, with `parent` nil, then its descendants that hold them,
/// breadth first. The walk order is kept between runs, as addresses of the values, and built
/// again only after the hierarchy or a table holding the two components changed, so a run over
/// an unchanged world is a straight loop. Each run bumps the `Global` columns' versions.
/// Inside a system, it needs reading `Local` and writing `Global` in the system's access. A
/// system may capture it: its state changes only in ``run(_:)``, which writes `Global`, so the
/// schedule never runs two systems using it at once.
///
/// `@safe`: the addresses it keeps are used only after a check found that no table
/// holding the components changed since they were taken.
@safe
public final class ParentFirstPropagation<Local, Global>: @unchecked Sendable {
    /// One entity of the walk: where its input and result live, and where its parent's result
    /// lives (nil for a root), written by an earlier step.
    @safe @usableFromInline
    struct Step {
        @usableFromInline let local: UnsafeMutablePointer<Local>
        @usableFromInline let global: UnsafeMutablePointer<Global>
        @usableFromInline let parent: UnsafeMutablePointer<Global>?
    }

    /// The world walked.
    public let world: World
    @usableFromInline let localID: ComponentID
    @usableFromInline let globalID: ComponentID
    /// The walk, valid while ``stamp`` matches the world.
    @usableFromInline var steps: ContiguousArray<Step> = []
    /// The hierarchy version and, per table holding both components, its structural version,
    /// when ``steps`` was built.
    private var stamp: (hierarchy: UInt64, tables: [(UnsafeMutablePointer<TableStorage>, UInt64)], tableCount: Int)?

    /// A propagation over `world`, registering `Local` and `Global` if needed.
    /// - Throws: The errors of ``World/componentID(for:)``.
    public init(_ world: World) throws(ECSError) {
        self.world = world
        localID = try world.componentID(for: Local.self)
        globalID = try world.componentID(for: Global.self)
    }

    /// Number of entities the last run visited.
    public var count: Int { steps.count }

    /// Sets each visited entity's `Global` to `combine(parent's Global or nil, own Local)`,
    /// parents first. `combine` sees values only; structural changes inside it are rejected.
    /// - Throws: ``ECSError/Code-swift.enum/undeclaredAccess`` inside a system that does not
    ///   declare reading `Local` and writing `Global`;
    ///   ``ECSError/Code-swift.enum/structuralChangeDuringIteration`` when the walk must be
    ///   rebuilt during a loop.
    @inlinable
    public func run(_ combine: (_ parent: Global?, _ local: Local) -> Global) throws(ECSError) {
        try prepare()
        world.withCallbackGuard {
            // SAFETY: `prepare()` checked that no table holding the components changed since
            // the addresses were taken, and the guard keeps `combine` from changing them; a
            // step's parent comes before it, so its result is already written.
            unsafe steps.withUnsafeBufferPointer { steps in
                for unsafe step in unsafe steps {
                    unsafe step.global.pointee = combine(step.parent?.pointee, step.local.pointee)
                }
            }
        }
    }

    /// Checks the access of the running system, rebuilds the walk if the world changed, and
    /// bumps the `Global` columns' versions.
    @usableFromInline
    func prepare() throws(ECSError) {
        if let system = RunningSystem.current(in: world) {
            try system.check(Local.self, writing: false)
            try system.check(Global.self, writing: true)
        }
        world.fillPendingHole()
        if !isCurrent() { try rebuild() }
        let version = world.nextVersion()
        for unsafe (table, _) in unsafe stamp?.tables ?? [] {
            // SAFETY: a table storage of the world, valid while it lives; it holds `Global`.
            if let column = unsafe table.pointee.columnIndex(of: globalID) { unsafe table.pointee.columns[column].version = version }
        }
    }

    /// Whether the walk still matches the world.
    private func isCurrent() -> Bool {
        guard let stamp = unsafe stamp, unsafe stamp.hierarchy == world.hierarchyVersion,
              unsafe stamp.tableCount == world.tables.count else { return false }
        // SAFETY: table storages of the world, valid while it lives.
        return unsafe stamp.tables.allSatisfy { unsafe $0.0.pointee.structuralVersion == $0.1 }
    }

    /// Builds the walk: the roots in table order, then breadth first through `Children`.
    private func rebuild() throws(ECSError) {
        guard world.iterations.load(ordering: .relaxed) & ~World.flagBits == 0 else {
            throw ECSError(.structuralChangeDuringIteration, "the propagation's walk must be rebuilt, which it cannot do inside a loop or callback")
        }
        var tables: [(UnsafeMutablePointer<TableStorage>, UInt64)] = unsafe []
        for table in world.tables {
            // SAFETY: a table's storage is valid while the table (held by the world) lives.
            let storage = unsafe table.storage
            if unsafe storage.pointee.columnIndex(of: localID) != nil && storage.pointee.columnIndex(of: globalID) != nil {
                unsafe tables.append((storage, storage.pointee.structuralVersion))
            }
        }
        var steps: ContiguousArray<Step> = []
        var queue: [Entity] = []
        for unsafe (table, _) in unsafe tables {
            for row in unsafe 0..<table.pointee.aliveCount {
                let entity = unsafe table.pointee.entity(at: row)
                if let parent = try world.parent(of: entity), holdsBoth(parent) { continue }
                queue.append(entity)
            }
        }
        var parents = [Int](repeating: -1, count: queue.count)
        var next = 0
        while next < queue.count {
            let entity = queue[next]
            // SAFETY: the entity holds both components (checked when queued), so both
            // addresses are its values; they stay valid until a structural change, which
            // the stamp detects.
            let location = try world.location(of: entity)
            let parent = parents[next]
            unsafe steps.append(Step(
                local: address(localID, at: location), global: address(globalID, at: location),
                parent: parent < 0 ? nil : steps[parent].global))
            for child in try world.children(of: entity) where holdsBoth(child) {
                queue.append(child)
                parents.append(next)
            }
            next += 1
        }
        self.steps = steps
        unsafe stamp = (world.hierarchyVersion, tables, world.tables.count)
    }

    /// Whether `entity` is alive with both components in its table.
    private func holdsBoth(_ entity: Entity) -> Bool {
        // SAFETY: a live entity's table storage is valid while the world lives.
        guard let location = try? world.location(of: entity) else { return false }
        return unsafe location.table.pointee.columnIndex(of: localID) != nil && location.table.pointee.columnIndex(of: globalID) != nil
    }

    /// The address of component `id` at `location`, whose table holds it.
    @unsafe private func address<C>(_ id: ComponentID, at location: EntityLocation) -> UnsafeMutablePointer<C> {
        // SAFETY: the caller passes a live location whose table has a column of `id`, of `C`.
        let column = unsafe location.table.pointee.columnIndex(of: id).unsafelyUnwrapped
        return unsafe location.table.pointee.columns[column].element(at: location.row).assumingMemoryBound(to: C.self)
    }
}
