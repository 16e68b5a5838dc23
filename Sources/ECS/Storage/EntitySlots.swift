/// The world's entity table: for each entity index, its current generation and its location,
/// in one raw buffer so that resolving an entity is a single unchecked load after the index
/// has been validated.
@usableFromInline
struct EntitySlots {
    /// One entity index's state, 16 bytes.
    @usableFromInline
    struct Slot {
        /// Generation of the index's current (or next) entity.
        @usableFromInline var generation: UInt32
        /// Row of the live entity inside its table.
        @usableFromInline var row: UInt32
        /// Storage of the live entity's table; nil when no live entity holds the index.
        @usableFromInline var table: UnsafeMutablePointer<TableStorage>?

        /// A slot without a live entity.
        static func dead(generation: UInt32) -> Slot { Slot(generation: generation, row: 0, table: nil) }
    }

    /// Start of the buffer; slots `0..<count` are initialised.
    @usableFromInline private(set) var base: UnsafeMutablePointer<Slot>
    /// Number of slots ever handed out.
    @usableFromInline private(set) var count = 0
    private var capacity = 0

    init() {
        base = UnsafeMutablePointer(bitPattern: MemoryLayout<Slot>.alignment)!
    }

    /// Frees the buffer; the slots must not be used afterwards.
    func deallocate() {
        if capacity > 0 { base.deallocate() }
    }

    /// The slot of `index`, which must be below ``count``.
    @inlinable
    subscript(index: Int) -> Slot {
        get { base[index] }
        nonmutating _modify { yield &base[index] }
    }

    /// The location of `entity` if it is alive.
    @inlinable @inline(__always)
    func location(of entity: Entity) -> EntityLocation? {
        let index = Int(entity.index)
        guard index < count else { return nil }
        let slot = base[index]
        guard slot.generation == entity.generation, let table = slot.table else { return nil }
        return EntityLocation(table: table, row: Int(slot.row))
    }

    /// Appends `added` dead slots of generation 0 and returns the index of the first.
    mutating func append(_ added: Int) -> Int {
        let first = count
        if count + added > capacity {
            let newCapacity = Swift.max(count + added, capacity * 2, 64)
            let fresh = UnsafeMutablePointer<Slot>.allocate(capacity: newCapacity)
            if capacity > 0 {
                fresh.moveInitialize(from: base, count: count)
                base.deallocate()
            }
            base = fresh
            capacity = newCapacity
        }
        (base + count).initialize(repeating: Slot.dead(generation: 0), count: added)
        count += added
        return first
    }
}
