import Synchronization

/// A world: the entities, their components in archetype tables, resources and diagnostics.
///
/// A world is confined to one thread at a time (it is not `Sendable`); the ``Schedule`` and
/// the parallel query methods spread work across threads while it guarantees that no
/// structural change can happen concurrently.
///
/// The world owns its bookkeeping through a raw pointer that it allocates in `init` and frees
/// in `deinit` only; every access through it is marked `unsafe` and holds because the pointer
/// lives exactly as long as the world and the world is used by one thread at a time. That is
/// why the class is `@safe`.
@safe
public final class World {
    /// The mutable bookkeeping, behind a pointer: accesses through it need no dynamic
    /// exclusivity checks, which would otherwise dominate per-entity structural calls. It is
    /// initialised in `init` and freed in `deinit`, so it is valid for the world's lifetime.
    @usableFromInline let storage: UnsafeMutablePointer<WorldStorage>

    // SAFETY (these accessors): `storage` is valid for the world's lifetime and the world is
    // confined to one thread, so no other access to the bookkeeping overlaps the yielded one.

    /// Every table ever created; tables are never removed, so indices stay valid.
    @inlinable var tables: ContiguousArray<Table> {
        _read { yield unsafe storage.pointee.tables }
        _modify { yield unsafe &storage.pointee.tables }
    }
    /// Generation and location of each entity index.
    @inlinable var slots: EntitySlots {
        _read { yield unsafe storage.pointee.slots }
        _modify { yield unsafe &storage.pointee.slots }
    }
    /// Ids free for reuse (each with its slot's next generation).
    var freeIDs: EntityStack {
        _read { yield unsafe storage.pointee.freeIDs }
        _modify { yield unsafe &storage.pointee.freeIDs }
    }
    /// Ids of destroyed entities' slots (with the next generation), freed by the next
    /// ``compact()``.
    var pendingFree: EntityStack {
        _read { yield unsafe storage.pointee.pendingFree }
        _modify { yield unsafe &storage.pointee.pendingFree }
    }
    /// Layout and operations by component id.
    @usableFromInline var componentTypes: [ComponentType] {
        _read { yield unsafe storage.pointee.componentTypes }
        _modify { yield unsafe &storage.pointee.componentTypes }
    }

    @usableFromInline let clock = Atomic<UInt64>(1)
    @usableFromInline let iterations = Atomic<Int>(0)
    /// Number of ``Schedule`` runs in progress on this world: while it is zero no system runs,
    /// and loops skip the look-up of the running system.
    @usableFromInline let runningSchedules = Atomic<Int>(0)

    /// Whether a ``Schedule`` is running on this world.
    @inlinable var isRunningSchedule: Bool { runningSchedules.load(ordering: .relaxed) != 0 }

    /// Typed singletons (time, random generators, configuration).
    public let resources = Resources()
    /// Counters readable from any thread.
    public let diagnostics = WorldDiagnostics()

    /// Creates an empty world.
    public init() {
        // SAFETY: one bookkeeping value, allocated and initialised here, freed in `deinit`.
        unsafe storage = .allocate(capacity: 1)
        unsafe storage.initialize(to: WorldStorage())
        _ = table(for: [])
        resources.world = self
    }

    deinit {
        // SAFETY: the last use of the bookkeeping: its raw buffers, then the value, then its
        // memory are freed once; no table or loop outlives the world that owns them.
        unsafe storage.pointee.deallocate()
        unsafe storage.deinitialize(count: 1)
        unsafe storage.deallocate()
    }

    // MARK: Versions

    /// The current value of the world's version clock. Every mutation stamps the structures it
    /// touches with a fresh, strictly larger value.
    public var version: UInt64 { clock.load(ordering: .relaxed) }

    /// Advances the version clock and returns the new value.
    @usableFromInline
    func nextVersion() -> UInt64 {
        clock.wrappingAdd(1, ordering: .relaxed).newValue
    }

    /// Advances the version clock during a structural change, which holds the world
    /// exclusively (no loop or parallel batch runs): a relaxed load and store instead of a
    /// locked read-modify-write.
    @inlinable
    func nextStructuralVersion() -> UInt64 {
        let version = clock.load(ordering: .relaxed) &+ 1
        clock.store(version, ordering: .relaxed)
        return version
    }

    // MARK: Iteration guard

    /// One callback (of `modify`, `retain` or `spawn(count:)`) in the iteration state,
    /// counted in bits 32 to 47; loops and parallel batches count in the bits below.
    @inlinable static var callbackUnit: Int { 1 << 32 }

    /// Hook and observer callbacks running, in the iteration state: like ``callbackUnit`` they
    /// reject structural changes, and while they run a `set` records its event for the next
    /// round instead of firing at once. They count in the bits from 48, below the flags.
    @inlinable static var observerUnit: Int { 1 << 48 }

    /// The bits of the iteration state that count running hook and observer callbacks.
    @inlinable static var observerBits: Int { additionsTrackedBit - observerUnit }

    /// The bit of the iteration state set while a destroy's row waits for a spawn
    /// (`fillPendingHole()`). It sends every structural check down its slow path, which fills
    /// the row first, so the checks cost nothing more while no row waits.
    @inlinable static var pendingHoleBit: Int { 1 << 62 }

    /// The bit of the iteration state set while an observer or hook is registered. Like
    /// ``pendingHoleBit`` it sends every structural change down its slow path, which fires the
    /// observers, so a world without observers pays nothing for them.
    @inlinable static var observedBit: Int { 1 << 61 }

    /// The bit of the iteration state set once a query filters additions of some component
    /// (``Query/added(_:since:)``): from then on every structural change takes its slow path,
    /// which keeps the tables' added ticks (``AddedTicks``) in step, so a world without `added`
    /// filters pays nothing for them. It stays set.
    @inlinable static var additionsTrackedBit: Int { 1 << 60 }

    /// The bits of the iteration state that allow structural changes (on their slow paths).
    @inlinable static var flagBits: Int { pendingHoleBit | observedBit | additionsTrackedBit }

    /// The flags of iteration state `state` that a structural change keeps as it is: those of
    /// observers and tracked additions. The fast paths pass 0, their state, so that the code
    /// for those flags folds away there.
    @inlinable static func lastingFlags(_ state: Int) -> Int { state & (observedBit | additionsTrackedBit) }

    /// The lasting flags of the current iteration state, for the rare structural paths that
    /// are not passed them.
    @usableFromInline var lastingFlags: Int { Self.lastingFlags(iterations.load(ordering: .relaxed)) }

    /// Whether a query loop, a parallel system batch or a callback holding pointers into a
    /// table is running; structural changes are rejected meanwhile.
    @inlinable
    public var isIterating: Bool { iterations.load(ordering: .relaxed) & ~Self.flagBits != 0 }

    @usableFromInline
    func beginIteration() { iterations.add(1, ordering: .relaxed) }

    @usableFromInline
    func endIteration() { iterations.subtract(1, ordering: .relaxed) }

    /// Runs `body` with structural changes rejected as re-entrant: `body` is a user callback
    /// called while raw pointers into a table are held.
    @inlinable
    func withCallbackGuard<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        iterations.add(Self.callbackUnit, ordering: .relaxed)
        defer { iterations.subtract(Self.callbackUnit, ordering: .relaxed) }
        return try body()
    }

    /// Throws unless a structural change is allowed now; fills a destroy's pending row first,
    /// so the change starts from tables whose live rows are a prefix.
    @inlinable
    func checkStructuralChange() throws(ECSError) {
        let state = iterations.load(ordering: .relaxed)
        if state != 0 { try checkStructuralChange(slowPath: state) }
    }

    /// ``checkStructuralChange()`` when the iteration state is not zero: fills the pending row
    /// when the state holds only flags, and throws otherwise.
    @usableFromInline @inline(never)
    func checkStructuralChange(slowPath state: Int) throws(ECSError) {
        try checkFlaggedStructuralChange(state)
    }

    /// ``checkStructuralChange(slowPath:)`` in line, for the slow paths that are out of line
    /// themselves (the observed and tracked changes), which then make no call for the check.
    @inlinable @inline(__always)
    func checkFlaggedStructuralChange(_ state: Int) throws(ECSError) {
        let busy = state & ~Self.flagBits
        guard busy == 0 else { throw structuralChangeError(busy) }
        if state & Self.pendingHoleBit != 0 { fillPendingHoleNow() }
    }

    /// The error for a structural change attempted in iteration state `state`.
    @usableFromInline @inline(never)
    func structuralChangeError(_ state: Int) -> ECSError {
        if state & (Self.callbackUnit - 1) == 0 {
            return ECSError(
                .reentrantStructuralChange,
                "structural change from inside a modify, retain or spawn(count:) callback, which holds pointers into a table, or from an observer; make the change after the call returns, or record it in the trigger's commands"
            )
        }
        if let system = RunningSystem.current(in: self), !system.access.isExclusive {
            return ECSError(
                .structuralChangeDuringIteration,
                "system '\(system.name)' changed the world's structure directly; record the change in context.commands or declare the system exclusive"
            )
        }
        return .duringIteration
    }

    // MARK: Components and tables

    /// The id of component type `C`, registering it on first use.
    /// - Throws: ``ECSError/Code-swift.enum/structuralChangeDuringIteration`` when `C` is new
    ///   and a loop or parallel batch runs (registering changes the world's registry).
    @inlinable @inline(__always)
    public func componentID<C>(for type: C.Type) throws(ECSError) -> ComponentID {
        if let id = componentID(ObjectIdentifier(C.self)) { return id }
        return try register(C.self)
    }

    /// Looks up a registered type (through a cache of recent lookups).
    @inlinable @inline(__always)
    func componentID(_ key: ObjectIdentifier) -> ComponentID? {
        // SAFETY: `storage` is valid for the world's lifetime; the cache is read-only here.
        unsafe storage.pointee.idCache.id(of: key) ?? registeredID(key)
    }

    /// Looks `key` up in the registry; the answer is cached only while the world is held by
    /// one thread (no loop or batch runs), so that parallel readers never see the cache change.
    @usableFromInline
    func registeredID(_ key: ObjectIdentifier) -> ComponentID? {
        // SAFETY: `storage` is valid; the cache is written only while no loop or batch runs.
        unsafe storage.pointee.registeredID(key, caching: !isIterating)
    }

    /// Registers `C` with `storage`, or checks that it already has that storage.
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` when `C` is registered with the
    ///   other storage, or declares the other storage through ``StorageDeclaring``;
    ///   ``ECSError/Code-swift.enum/structuralChangeDuringIteration`` inside a loop.
    @discardableResult
    public func registerComponent<C>(_ type: C.Type, storage: ComponentStorage) throws(ECSError) -> ComponentID {
        if let id = componentID(ObjectIdentifier(C.self)) {
            let current = try componentStorage(of: id)
            guard current == storage else {
                throw ECSError(.invalidArgument, "\(C.self) is already stored in \(current) storage, not \(storage)")
            }
            return id
        }
        if C.self is any StorageDeclaring.Type, Self.declaredStorage(of: C.self) != storage {
            throw ECSError(
                .invalidArgument, "\(C.self) declares \(Self.declaredStorage(of: C.self)) storage and cannot be stored in \(storage)")
        }
        return try register(C.self, storage: storage)
    }

    @usableFromInline
    func register<C>(_ type: C.Type, storage explicit: ComponentStorage? = nil) throws(ECSError) -> ComponentID {
        let state = iterations.load(ordering: .relaxed) & ~Self.flagBits
        guard state == 0 else {
            let cause = structuralChangeError(state)
            throw ECSError(cause.code, "registering component type \(C.self): \(cause.message)")
        }
        let id = ComponentID(rawValue: componentTypes.count)
        let type = ComponentType(C.self)
        componentTypes.append(type)
        // SAFETY: `storage` is valid and no loop holds the world (checked above).
        unsafe storage.pointee.componentIDByType[ObjectIdentifier(C.self)] = id
        if (explicit ?? Self.declaredStorage(of: C.self)) == .sparseSet {
            unsafe storage.pointee.sparseSets.add(id, type: type, version: nextVersion())
        }
        return id
    }

    /// The storage of table `index`, reached without reference counting. The pointer is valid
    /// while the world lives (tables are never removed); `index` is a table index the world
    /// handed out, which the array access checks.
    @inlinable
    func tableStorage(_ index: Int) -> UnsafeMutablePointer<TableStorage> {
        // SAFETY: `storage` is valid for the world's lifetime.
        unsafe storage.pointee.tableStorages[index]
    }

    /// Index of the table for a sorted component set, created on first use.
    func table(for signature: [ComponentID]) -> Int {
        // SAFETY: `storage` is valid for the world's lifetime and the world is held by one thread.
        if let index = unsafe storage.pointee.tableBySignature[signature] { return index }
        let index = tables.count
        let table = Table(
            index: index,
            componentIDs: signature,
            types: signature.map { componentTypes[$0.rawValue] },
            version: nextVersion()
        )
        tables.append(table)
        // SAFETY: as above; `table.storage` lives as long as `table`, which `tables` keeps.
        unsafe storage.pointee.tableStorages.append(table.storage)
        unsafe storage.pointee.tableBySignature[signature] = index
        return index
    }

    /// The edge from `table` by adding (`adding: true`) or removing `id`, created and cached
    /// both ways on first use. `table` must lack `id` to add it and hold it to remove it.
    @inlinable @inline(__always)
    func edge(from table: UnsafeMutablePointer<TableStorage>, adding: Bool, _ id: ComponentID) -> TableEdge {
        // SAFETY: `table` is the storage of one of this world's tables, valid while it lives.
        unsafe table.pointee.edge(id, adding: adding) ?? makeEdge(from: table, adding: adding, id)
    }

    /// Creates the edge of ``edge(from:adding:_:)`` and its reverse.
    @usableFromInline
    func makeEdge(from table: UnsafeMutablePointer<TableStorage>, adding: Bool, _ id: ComponentID) -> TableEdge {
        // SAFETY: `table` and `target` are storages of this world's tables, valid while it
        // lives; creating `target` appends to the table list but never moves a storage.
        var signature = unsafe Array(table.pointee.componentIDs)
        if adding {
            signature.insert(id, at: signature.firstIndex { $0 > id } ?? signature.endIndex)
        } else {
            signature.removeAll { $0 == id }
        }
        let target = unsafe tableStorage(self.table(for: signature))
        unsafe table.pointee.setEdge(id, adding: adding, to: target)
        unsafe target.pointee.setEdge(id, adding: !adding, to: table)
        // Cannot be nil: the edge was set on the line before last.
        return unsafe table.pointee.edge(id, adding: adding)!
    }

    // MARK: Entity slots

    /// The location of a live entity, or a stale-entity error.
    @inlinable @inline(__always)
    func location(of entity: Entity) throws(ECSError) -> EntityLocation {
        guard let location = slots.location(of: entity) else { throw ECSError.stale(entity) }
        return location
    }

    /// Whether `entity` is alive in this world.
    public func isAlive(_ entity: Entity) -> Bool {
        (try? location(of: entity)) != nil
    }

    /// Number of live entities.
    public var entityCount: Int {
        // SAFETY: `storage` is valid for the world's lifetime.
        tables.reduce(0) { $0 + $1.aliveCount } - (unsafe storage.pointee.pendingHole == nil ? 0 : 1)
    }

    /// Takes a free slot (or a new one) for an entity placed at `table`/`row` later. Inlined
    /// into a spawn: a reused id is one pop from the free list.
    @inlinable @inline(__always)
    func allocateEntity() throws(ECSError) -> Entity {
        // SAFETY: `storage` is valid for the world's lifetime and the world is held by one thread.
        if let entity = unsafe storage.pointee.freeIDs.pop() {
            unsafe storage.pointee.checkNextFreeSlot()
            return entity
        }
        return try appendEntity()
    }

    /// A new slot for ``allocateEntity()`` when no freed one is left.
    @usableFromInline
    func appendEntity() throws(ECSError) -> Entity {
        guard slots.count < Int(UInt32.max) else {
            throw ECSError(.capacity, "entity index space exhausted (\(UInt32.max) slots)")
        }
        return Entity(index: UInt32(slots.append(1)), generation: 0)
    }

    /// Records that `entity`, whose slot exists, now lives at `row` of `table`.
    @inlinable
    func setLocation(_ entity: Entity, table: UnsafeMutablePointer<TableStorage>, row: Int) {
        let index = Int(entity.index)
        // SAFETY: `entity` came from ``allocateEntity()`` or a live slot, so its index is below
        // `slots.count`; `table` is one of this world's storages, valid while it lives.
        unsafe slots[index].table = table
        unsafe slots[index].row = UInt32(truncatingIfNeeded: row)
    }

    /// Marks the slot of a destroyed entity dead and bumps its generation, and drops the
    /// entity's sparse-set components. A slot whose generation is exhausted is never reused,
    /// so no id can ever alias another.
    @inline(__always)
    func retire(_ entity: Entity) {
        // SAFETY: a destroyed entity was alive, so its index is below `slots.count`.
        let next = entity.generation &+ 1
        unsafe slots[Int(entity.index)] = .dead(generation: next)
        if next != UInt32.max { pendingFree.push(Entity(index: entity.index, generation: next)) }
        // SAFETY: `storage` is valid for the world's lifetime and the world is held by one thread.
        if unsafe storage.pointee.sparseSets.coverage > 0 { dropSparseComponents(of: entity) }
    }
}
