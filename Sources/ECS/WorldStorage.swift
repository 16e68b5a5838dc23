/// The mutable bookkeeping of a ``World``: tables, component registry, entity slots and
/// lookup caches.
@usableFromInline
struct WorldStorage {
    /// Every table ever created, by index.
    @usableFromInline var tables: ContiguousArray<Table> = []
    /// Table index by sorted component set.
    var tableBySignature: [[ComponentID]: Int] = [:]
    /// Component id by Swift type.
    var componentIDByType: [ObjectIdentifier: ComponentID] = [:]
    /// Layout and operations by component id.
    @usableFromInline var componentTypes: [ComponentType] = []
    /// Generation of each entity slot.
    @usableFromInline var generations: [UInt32] = []
    /// Location of each entity slot.
    @usableFromInline var locations: [EntityLocation] = []
    /// Slots free for reuse.
    var freeIndices: [UInt32] = []
    /// Slots of destroyed entities, freed by the next compaction.
    var pendingFree: [UInt32] = []
    /// Table and column order by spawn bundle type.
    var bundles: [ObjectIdentifier: SpawnBundle] = [:]
    /// The most recently used bundle, checked before the dictionary.
    @usableFromInline var lastBundle: (key: ObjectIdentifier, bundle: SpawnBundle)?
    /// Direct-mapped cache of recent component lookups.
    private var idCacheKeys = [ObjectIdentifier?](repeating: nil, count: WorldStorage.idCacheSize)
    private var idCacheValues = [Int](repeating: 0, count: WorldStorage.idCacheSize)

    /// Slots of the component-id cache (a power of two).
    static let idCacheSize = 64

    @usableFromInline
    init() {}

    /// The id of a registered type, through the cache slot `slot`.
    mutating func componentID(_ key: ObjectIdentifier, slot: Int) -> ComponentID? {
        if idCacheKeys[slot] == key { return ComponentID(rawValue: idCacheValues[slot]) }
        guard let id = componentIDByType[key] else { return nil }
        idCacheKeys[slot] = key
        idCacheValues[slot] = id.rawValue
        return id
    }
}
