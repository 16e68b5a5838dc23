import Synchronization

/// A world: the entities, their components in archetype tables, resources, events and
/// diagnostics.
///
/// A world is confined to one thread at a time (it is not `Sendable`); the ``Schedule`` and
/// the parallel query methods spread work across threads while it guarantees that no
/// structural change can happen concurrently.
public final class World {
    /// Every table ever created; tables are never removed, so indices stay valid.
    @usableFromInline var tables: ContiguousArray<Table> = []
    private var tableBySignature: [[ComponentID]: Int] = [:]
    private var componentIDByType: [ObjectIdentifier: ComponentID] = [:]
    @usableFromInline var componentTypes: [ComponentType] = []

    /// Generation of each entity slot.
    @usableFromInline var generations: [UInt32] = []
    /// Location of each entity slot.
    @usableFromInline var locations: [EntityLocation] = []
    /// Slots free for reuse.
    var freeIndices: [UInt32] = []
    /// Slots of destroyed entities, freed by the next ``compact()``.
    var pendingFree: [UInt32] = []
    /// Cached table and column order for each spawned component bundle type.
    var bundles: [ObjectIdentifier: SpawnBundle] = [:]

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
        events = EventBus(diagnostics: diagnostics)
        _ = table(for: [])
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

    func checkStructuralChange() throws(ECSError) {
        if isIterating { throw .duringIteration }
    }

    // MARK: Components and tables

    /// The id of component type `C`, registering it on first use.
    @inlinable
    public func componentID<C>(for type: C.Type) -> ComponentID {
        componentID(ObjectIdentifier(C.self)) ?? register(C.self)
    }

    @usableFromInline
    func componentID(_ key: ObjectIdentifier) -> ComponentID? {
        componentIDByType[key]
    }

    @usableFromInline
    func register<C>(_ type: C.Type) -> ComponentID {
        let id = ComponentID(rawValue: componentTypes.count)
        componentTypes.append(ComponentType(C.self))
        componentIDByType[ObjectIdentifier(C.self)] = id
        return id
    }

    /// The table for a sorted component set, created on first use.
    func table(for signature: [ComponentID]) -> Table {
        if let index = tableBySignature[signature] { return tables[index] }
        let table = Table(
            index: tables.count,
            componentIDs: signature,
            types: signature.map { componentTypes[$0.rawValue] },
            version: nextVersion()
        )
        tables.append(table)
        tableBySignature[signature] = table.index
        return table
    }

    /// The table reached from `table` by adding (or removing) `id`, cached on the edge.
    func neighbour(of table: Table, adding id: ComponentID) -> Table {
        if let index = table.addEdges[id] { return tables[index] }
        var signature = table.componentIDs
        signature.insert(id, at: signature.firstIndex { $0 > id } ?? signature.endIndex)
        let target = self.table(for: signature)
        table.addEdges[id] = target.index
        target.removeEdges[id] = table.index
        return target
    }

    func neighbour(of table: Table, removing id: ComponentID) -> Table {
        if let index = table.removeEdges[id] { return tables[index] }
        let target = self.table(for: table.componentIDs.filter { $0 != id })
        table.removeEdges[id] = target.index
        target.addEdges[id] = table.index
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
