/// The mutable bookkeeping of a ``World``: tables, component registry, entity slots and
/// lookup caches.
///
/// It holds raw pointers (table storages, the slot buffer, the lookup cache, bundle elements)
/// whose lifetimes the owning ``World`` bounds: holding it is safe, and ``deallocate()``,
/// which the world calls once from its `deinit`, is `@unsafe`.
@safe @usableFromInline
struct WorldStorage {
    /// Every table ever created, by index.
    @usableFromInline var tables: ContiguousArray<Table> = []
    /// The storage of each table, by index: one load shorter than going through the table.
    @usableFromInline var tableStorages: ContiguousArray<UnsafeMutablePointer<TableStorage>> = unsafe []
    /// Table index by sorted component set.
    var tableBySignature: [[ComponentID]: Int] = [:]
    /// Component id by Swift type.
    var componentIDByType: [ObjectIdentifier: ComponentID] = [:]
    /// Layout and operations by component id.
    @usableFromInline var componentTypes: [ComponentType] = []
    /// Generation and location of each entity index.
    @usableFromInline var slots = EntitySlots()
    /// Ids free for reuse (each with its slot's next generation).
    @usableFromInline var freeIDs = EntityStack()
    /// Ids of destroyed entities' slots (with the next generation), freed by the next compaction.
    var pendingFree = EntityStack()
    /// The row the last destroy left in its table's live prefix, if it has not been filled yet
    /// (see ``World/fillPendingHole()``).
    @usableFromInline var pendingHole: EntityLocation?
    /// Table and column order by spawn bundle type.
    var bundles: [ObjectIdentifier: SpawnBundle] = [:]
    /// The sparse-set components of each spawn bundle type that has any.
    var sparseBundles: [ObjectIdentifier: [SparseBundleElement]] = [:]
    /// The most recently used bundle, checked before the dictionary.
    @usableFromInline var lastBundle: (key: ObjectIdentifier, bundle: SpawnBundle)?
    /// Recent component lookups.
    @usableFromInline let idCache = ComponentIDCache()
    /// The sets of the components stored outside the tables.
    @usableFromInline var sparseSets = SparseSetRegistry()
    /// The duplicate check of ``World/respawn(_:threads:_:)``.
    var respawnMarks = EntityIndexMarks()
    /// The hooks and observers.
    @usableFromInline var observers = ObserverRegistry()
    /// Bumped by every change to a parent or a children list (see ``World/setParent(_:to:)``).
    var hierarchyVersion: UInt64 = 0
    /// Whether the hooks that keep `Children` lists right are registered.
    var isHierarchyEnabled = false

    @usableFromInline
    init() {}

    /// Frees the raw buffers; called once by the world's deinitialiser.
    @unsafe func deallocate() {
        // SAFETY: each buffer was allocated by its owner's `init` and is freed exactly once,
        // here, after which the world that could reach them is gone.
        unsafe slots.deallocate()
        unsafe freeIDs.deallocate()
        unsafe pendingFree.deallocate()
        unsafe idCache.deallocate()
        unsafe sparseSets.deallocate()
        for bundle in bundles.values { unsafe bundle.deallocate() }
        unsafe observers.deallocate()
    }

    /// Checks that the id the next spawn will reuse has a dead slot (no table), and so loads
    /// that slot one spawn ahead of the spawn that writes it. In a destroy-and-respawn loop
    /// over a million entities the slot is a cache miss; as a store it would wait in the
    /// store buffer and hold up every later store, while this load overlaps the work in
    /// between (Swift has no prefetch instruction; a branch on the loaded value keeps the load).
    @inlinable @inline(__always)
    func checkNextFreeSlot() {
        guard let next = freeIDs.top else { return }
        // SAFETY: a free id's index is below `slots.count`: it was a live entity's.
        precondition(unsafe slots[Int(next.index)].table == nil, "free entity index \(next.index) holds a live entity")
    }

    /// Starts recording when each value of component `id` is added, in every table that holds
    /// it (and every later one) and in its sparse set: values present now count as added at
    /// `version`. Nothing happens when the component is tracked already. The caller holds the
    /// world exclusively.
    mutating func trackAdditions(of id: ComponentID, version: UInt64) {
        let type = componentTypes[id.rawValue]
        guard !type.tracksAdditions else { return }
        type.tracksAdditions = true
        // SAFETY: every table storage and sparse set lives as long as the world, and nothing
        // else uses them while the caller holds the world.
        for unsafe table in unsafe tableStorages {
            guard let column = unsafe table.pointee.columnIndex(of: id) else { continue }
            unsafe table.pointee.trackAdditions(column: column, version: version)
        }
        unsafe sparseSets[id]?.pointee.trackAdditions(version: version)
    }

    /// The id of a registered type, from the registry; recorded in the cache when `caching`
    /// (only the thread holding the world exclusively may write the cache).
    @usableFromInline
    func registeredID(_ key: ObjectIdentifier, caching: Bool) -> ComponentID? {
        guard let id = componentIDByType[key] else { return nil }
        if caching { idCache.record(key, id) }
        return id
    }
}
