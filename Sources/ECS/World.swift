import Synchronization

/// A world: the entities, their components in archetype tables, resources, events and
/// diagnostics.
///
/// A world is confined to one thread at a time (it is not `Sendable`); the ``Schedule`` and
/// the parallel query methods spread work across threads while it guarantees that no
/// structural change can happen concurrently.
public final class World {
    /// The mutable bookkeeping, behind a pointer: accesses through it need no dynamic
    /// exclusivity checks, which would otherwise dominate per-entity structural calls.
    @usableFromInline let storage: UnsafeMutablePointer<WorldStorage>

    /// Every table ever created; tables are never removed, so indices stay valid.
    @inlinable var tables: ContiguousArray<Table> {
        _read { yield storage.pointee.tables }
        _modify { yield &storage.pointee.tables }
    }
    /// Generation of each entity slot.
    @inlinable var generations: [UInt32] {
        _read { yield storage.pointee.generations }
        _modify { yield &storage.pointee.generations }
    }
    /// Location of each entity slot.
    @inlinable var locations: [EntityLocation] {
        _read { yield storage.pointee.locations }
        _modify { yield &storage.pointee.locations }
    }
    /// Slots free for reuse.
    var freeIndices: [UInt32] {
        _read { yield storage.pointee.freeIndices }
        _modify { yield &storage.pointee.freeIndices }
    }
    /// Slots of destroyed entities, freed by the next ``compact()``.
    var pendingFree: [UInt32] {
        _read { yield storage.pointee.pendingFree }
        _modify { yield &storage.pointee.pendingFree }
    }
    @usableFromInline var componentTypes: [ComponentType] {
        _read { yield storage.pointee.componentTypes }
        _modify { yield &storage.pointee.componentTypes }
    }

    private let clock = Atomic<UInt64>(1)
    private let iterations = Atomic<Int>(0)

    /// Typed singletons (time, random generators, configuration).
    public var resources = Resources()
    /// Counters readable from any thread.
    public let diagnostics = WorldDiagnostics()
    /// Typed event channels with positional payloads.
    public let events: EventBus

    /// Creates an empty world.
    public init() {
        storage = .allocate(capacity: 1)
        storage.initialize(to: WorldStorage())
        events = EventBus(diagnostics: diagnostics)
        _ = table(for: [])
    }

    deinit {
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    // MARK: Versions

    /// The current value of the world's version clock. Every mutation stamps the structures it
    /// touches with a fresh, strictly larger value.
    public var version: UInt64 { clock.load(ordering: .relaxed) }

    /// Advances the version clock and returns the new value.
    @usableFromInline
    func nextVersion() -> UInt64 {
        clock.add(1, ordering: .relaxed).newValue
    }

    // MARK: Iteration guard

    /// Whether a query loop or a parallel system batch is running; structural changes are
    /// rejected meanwhile.
    public var isIterating: Bool { iterations.load(ordering: .relaxed) > 0 }

    @usableFromInline
    func beginIteration() { iterations.add(1, ordering: .relaxed) }

    @usableFromInline
    func endIteration() { iterations.subtract(1, ordering: .relaxed) }

    @usableFromInline
    func checkStructuralChange() throws(ECSError) {
        if isIterating { throw .duringIteration }
    }

    // MARK: Components and tables

    /// The id of component type `C`, registering it on first use.
    @inlinable
    public func componentID<C>(for type: C.Type) -> ComponentID {
        componentID(ObjectIdentifier(C.self)) ?? register(C.self)
    }

    /// Looks up a registered type: a direct-mapped cache of recent types in front of the
    /// dictionary, so hot structural calls do not hash.
    @usableFromInline
    func componentID(_ key: ObjectIdentifier) -> ComponentID? {
        let slot = Int(truncatingIfNeeded: (UInt(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> 58) & (WorldStorage.idCacheSize - 1)
        return storage.pointee.componentID(key, slot: slot)
    }


    @usableFromInline
    func register<C>(_ type: C.Type) -> ComponentID {
        let id = ComponentID(rawValue: componentTypes.count)
        componentTypes.append(ComponentType(C.self))
        storage.pointee.componentIDByType[ObjectIdentifier(C.self)] = id
        return id
    }

    /// The table for a sorted component set, created on first use.
    func table(for signature: [ComponentID]) -> Table {
        if let index = storage.pointee.tableBySignature[signature] { return tables[index] }
        let table = Table(
            index: tables.count,
            componentIDs: signature,
            types: signature.map { componentTypes[$0.rawValue] },
            version: nextVersion()
        )
        tables.append(table)
        storage.pointee.tableBySignature[signature] = table.index
        return table
    }

    /// The table reached from `table` by adding (or removing) `id`, cached on the edge.
    func neighbour(of table: Table, adding id: ComponentID) -> Table {
        if let index = table.edge(id, adding: true) { return tables[index] }
        var signature = table.componentIDs
        signature.insert(id, at: signature.firstIndex { $0 > id } ?? signature.endIndex)
        let target = self.table(for: signature)
        table.setEdge(id, adding: true, to: target.index)
        target.setEdge(id, adding: false, to: table.index)
        return target
    }

    func neighbour(of table: Table, removing id: ComponentID) -> Table {
        if let index = table.edge(id, adding: false) { return tables[index] }
        let target = self.table(for: table.componentIDs.filter { $0 != id })
        table.setEdge(id, adding: false, to: target.index)
        target.setEdge(id, adding: true, to: table.index)
        return target
    }

    // MARK: Entity slots

    /// The location of a live entity, or a stale-entity error.
    @inlinable
    func location(of entity: Entity) throws(ECSError) -> EntityLocation {
        let index = Int(entity.index)
        guard index < generations.count, generations[index] == entity.generation else {
            throw ECSError.stale(entity)
        }
        let location = locations[index]
        guard location.table >= 0 else { throw ECSError.stale(entity) }
        return location
    }

    /// Whether `entity` is alive in this world.
    public func isAlive(_ entity: Entity) -> Bool {
        (try? location(of: entity)) != nil
    }

    /// Number of live entities.
    public var entityCount: Int { tables.reduce(0) { $0 + $1.aliveCount } }

    /// Takes a free slot (or a new one) for an entity placed at `table`/`row` later.
    @usableFromInline
    func allocateEntity() throws(ECSError) -> Entity {
        if let index = freeIndices.popLast() {
            return Entity(index: index, generation: generations[Int(index)])
        }
        guard generations.count < Int(UInt32.max) else {
            throw ECSError(.capacity, "entity index space exhausted (\(UInt32.max) slots)")
        }
        generations.append(0)
        locations.append(.dead)
        return Entity(index: UInt32(generations.count - 1), generation: 0)
    }

    @usableFromInline
    func setLocation(_ entity: Entity, table: Int, row: Int) {
        locations[Int(entity.index)] = EntityLocation(table: Int32(table), row: Int32(row))
    }

    /// Marks the slot of a destroyed entity dead and bumps its generation. A slot whose
    /// generation is exhausted is never reused, so no id can ever alias another.
    func retire(_ entity: Entity) {
        let index = Int(entity.index)
        locations[index] = .dead
        generations[index] &+= 1
        if generations[index] != UInt32.max { pendingFree.append(entity.index) }
    }
}
