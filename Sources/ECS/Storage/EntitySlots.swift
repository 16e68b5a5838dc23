/// The world's entity table: for each entity index, its current generation and its location,
/// in one raw buffer so that resolving an entity is a single unchecked load after the index
/// has been validated.
///
/// ``location(of:)`` checks the index; the subscript checks it only with `assert`, in debug
/// builds, and is `@unsafe`, as is ``deallocate()``, which the world calls exactly once.
@safe @usableFromInline
struct EntitySlots {
    /// One entity index's state, 16 bytes; its table pointer is valid while the entity lives.
    @safe @usableFromInline
    struct Slot {
        /// Generation of the index's current (or next) entity.
        @usableFromInline var generation: UInt32
        /// Row of the live entity inside its table.
        @usableFromInline var row: UInt32
        /// Storage of the live entity's table; nil when no live entity holds the index.
        @usableFromInline var table: UnsafeMutablePointer<TableStorage>?

        /// A slot without a live entity.
        @usableFromInline static func dead(generation: UInt32) -> Slot {
            // SAFETY: the table pointer is nil, so there is nothing to dereference.
            unsafe Slot(generation: generation, row: 0, table: nil)
        }
    }

    /// Start of the buffer; slots `0..<count` are initialised.
    @usableFromInline private(set) var base: UnsafeMutablePointer<Slot>
    /// Number of slots ever handed out.
    @usableFromInline private(set) var count = 0
    /// Slots the buffer can hold (0 while nothing is allocated).
    private var capacity = 0

    /// No slots.
    init() {
        // SAFETY: an aligned, non-null placeholder never dereferenced while `count` is 0. The
        // literal is not zero, so the optional is never nil.
        unsafe base = UnsafeMutablePointer(bitPattern: MemoryLayout<Slot>.alignment)!
    }

    /// Frees the buffer; the slots must not be used afterwards.
    @unsafe func deallocate() {
        // SAFETY: a buffer exists only once `capacity > 0`; the world frees it once.
        if capacity > 0 { unsafe base.deallocate() }
    }

    /// The slot of `index`, which must be below ``count``.
    @unsafe @inlinable
    subscript(index: Int) -> Slot {
        get {
            assert(index >= 0 && index < count, "entity index \(index) outside \(count) slots")
            // SAFETY: slots `0..<count` are initialised; `index` is among them (asserted above).
            return unsafe base[index]
        }
        nonmutating _modify {
            assert(index >= 0 && index < count, "entity index \(index) outside \(count) slots")
            // SAFETY: as for `get`; the buffer is not reallocated while the access is held,
            // because only the mutating `append` reallocates.
            yield unsafe &base[index]
        }
    }

    /// The location of `entity` if it is alive.
    @inlinable @inline(__always)
    func location(of entity: Entity) -> EntityLocation? {
        let index = Int(entity.index)
        guard index < count else { return nil }
        // SAFETY: `index` is below `count` (checked above; an entity index is never negative).
        let slot = unsafe base[index]
        guard slot.generation == entity.generation, let table = unsafe slot.table else { return nil }
        return unsafe EntityLocation(table: table, row: Int(slot.row))
    }

    /// Appends `added` dead slots of generation 0 and returns the index of the first.
    @usableFromInline mutating func append(_ added: Int) -> Int {
        assert(added >= 0, "cannot append \(added) slots")
        let first = count
        // SAFETY: the fresh buffer holds `newCapacity >= count + added` slots; the `count`
        // initialised slots move over before the old buffer (present once `capacity > 0`) is
        // freed; the new slots `count..<count + added` are then initialised, all inside it.
        if count + added > capacity {
            let newCapacity = Swift.max(count + added, capacity * 2, 64)
            let fresh = UnsafeMutablePointer<Slot>.allocate(capacity: newCapacity)
            if capacity > 0 {
                unsafe fresh.moveInitialize(from: base, count: count)
                unsafe base.deallocate()
            }
            unsafe base = fresh
            capacity = newCapacity
        }
        unsafe (base + count).initialize(repeating: Slot.dead(generation: 0), count: added)
        count += added
        return first
    }
}
