/// The storage of one sparse-set component, EnTT style: a paged sparse array maps an entity
/// index to a dense position; the dense arrays hold, position by position, the entity, its
/// value and the world version of the value's last change (its change tick).
///
/// Adding appends at the end of the dense arrays; removing moves the last element into the
/// hole (swap and pop), so both are O(1) and move no table row. Pages of the sparse array are
/// allocated on first use and kept; the dense arrays double when full, so a set that has
/// reached its steady size adds and removes without allocating.
///
/// It lives behind a pointer owned by the world (``SparseSetRegistry``), so that structural
/// hot paths reach it without reference counting. Dense positions are checked against the
/// count only with `assert`, in debug builds; the buffer properties and ``deallocate()``,
/// which the registry calls exactly once, are raw views like those of ``TableStorage``.
@safe @usableFromInline
struct SparseSetStorage {
    /// The values, dense positions `0..<count` initialised. Its ``Column/version`` is the world
    /// version of the set's last change: an add, a remove or a write of any value.
    @usableFromInline var values: Column
    /// Sparse pages by page number (`index >> pageShift`); nil until an index of the page is added.
    @usableFromInline var pages: UnsafeMutablePointer<UnsafeMutablePointer<UInt32>?>
    /// Page numbers the page table covers.
    @usableFromInline var pageCount = 0
    /// The entity at each dense position.
    @usableFromInline var entities: UnsafeMutablePointer<Entity>
    /// The change tick of each dense position's value.
    @usableFromInline var ticks: UnsafeMutablePointer<UInt64>
    /// The added tick of each dense position's value (the version of the insert or spawn that
    /// added it), kept only once a query filters the component's additions: nil until then.
    @usableFromInline var addedTicks: UnsafeMutablePointer<UInt64>?
    /// Elements held, the dense prefix `0..<count`.
    @usableFromInline var count = 0
    /// Dense positions the buffers can hold.
    @usableFromInline private(set) var capacity = 0

    /// Entity indices per sparse page, as a power of two: 4,096 entries, 16 KiB.
    @usableFromInline static let pageShift = 12
    /// Mask of an index's position inside its page.
    @usableFromInline static let pageMask = (1 << pageShift) - 1
    /// The sparse entry of an index that holds no element.
    @usableFromInline static let absent = UInt32.max

    /// An empty set of values laid out as `type`, at version `version`.
    init(type: ComponentType, version: UInt64) {
        values = Column(type: type, version: version)
        // SAFETY: aligned, non-null placeholders never dereferenced while `pageCount` and
        // `capacity` are 0 (every access checks them, or a count bounded by them, first). The
        // literals are not zero, so the optionals are never nil.
        unsafe pages = UnsafeMutablePointer(bitPattern: MemoryLayout<UnsafeMutablePointer<UInt32>?>.alignment)!
        unsafe entities = UnsafeMutablePointer(bitPattern: MemoryLayout<Entity>.alignment)!
        unsafe ticks = UnsafeMutablePointer(bitPattern: MemoryLayout<UInt64>.alignment)!
    }

    /// Drops every value and frees every buffer; the set must not be used afterwards.
    @unsafe func deallocate() {
        // SAFETY: positions `0..<count` hold values; buffers exist only once their counts are
        // non-zero; the registry calls this once, when its world is freed.
        unsafe addedTicks?.deallocate()
        guard pageCount > 0 || capacity > 0 else { return }
        for page in 0..<pageCount { unsafe pages[page]?.deallocate() }
        if pageCount > 0 { unsafe pages.deallocate() }
        if capacity > 0 {
            unsafe values.dropValues(at: 0, count: count)
            unsafe values.base.deallocate()
            unsafe entities.deallocate()
            unsafe ticks.deallocate()
        }
    }

    /// The dense position of `entity`, if the set holds it. `entity` must be alive: the set
    /// drops a destroyed entity at once, so the entry of a live entity's index is its own.
    @inlinable @inline(__always)
    func denseIndex(of entity: Entity) -> Int? {
        let index = Int(entity.index)
        let page = index &>> Self.pageShift
        // SAFETY: `page` is below `pageCount`, the initialised page table entries; a page holds
        // `pageMask + 1` entries and the masked position is inside it; a stored position is
        // below `count`, so its entity is initialised.
        guard page < pageCount, let entries = unsafe pages[page] else { return nil }
        let dense = unsafe entries[index & Self.pageMask]
        guard dense != Self.absent else { return nil }
        assert(unsafe entities[Int(dense)] == entity, "sparse entry of \(entity) belongs to another entity")
        return Int(dense)
    }

    /// Address of the value at dense position `dense`, which must be below ``count``.
    @inlinable @inline(__always)
    func value(at dense: Int) -> UnsafeMutableRawPointer {
        assert(dense >= 0 && dense < count, "dense position \(dense) outside \(count) elements")
        // SAFETY: the position is inside the values buffer (asserted above).
        return unsafe values.element(at: dense)
    }

    /// Stamps the value at dense position `dense` (below ``count``) as changed at `version`.
    @inlinable @inline(__always)
    mutating func stamp(_ dense: Int, version: UInt64) {
        assert(dense >= 0 && dense < count, "dense position \(dense) outside \(count) elements")
        // SAFETY: the position is inside the tick buffer (asserted above).
        unsafe ticks[dense] = version
        values.version = version
    }

    /// The change tick of dense position `dense`, which must be below ``count``.
    @inlinable @inline(__always)
    func tick(at dense: Int) -> UInt64 {
        assert(dense >= 0 && dense < count, "dense position \(dense) outside \(count) elements")
        // SAFETY: the position is inside the tick buffer (asserted above).
        return unsafe ticks[dense]
    }

    /// The dense position of `entity` (alive), appended with an uninitialised value when the
    /// set does not hold it yet, and whether it was held; either way the position's change tick
    /// becomes `version`. One sparse page look-up serves both cases.
    @inlinable @inline(__always)
    mutating func findOrAppend(_ entity: Entity, version: UInt64) -> (dense: Int, existed: Bool) {
        let index = Int(entity.index)
        let page = index &>> Self.pageShift
        // SAFETY: after `makePage` the page exists and the masked position is inside it; a
        // stored position is below `count`; after `grow` position `count` is inside every
        // dense buffer.
        if _slowPath(unsafe page >= pageCount || pages[page] == nil) { makePage(page) }
        let entry = unsafe pages[page].unsafelyUnwrapped + (index & Self.pageMask)
        values.version = version
        let existing = unsafe entry.pointee
        if existing != Self.absent {
            unsafe ticks[Int(existing)] = version
            return (Int(existing), true)
        }
        if _slowPath(count == capacity) { grow() }
        let dense = count
        unsafe entry.pointee = UInt32(truncatingIfNeeded: dense)
        unsafe entities[dense] = entity
        unsafe ticks[dense] = version
        if _slowPath(unsafe addedTicks != nil) { unsafe addedTicks.unsafelyUnwrapped[dense] = version }
        count = dense &+ 1
        return (dense, false)
    }

    /// Removes the `C` value of `entity` (alive) if the set holds it, moving the last element
    /// into its place with a typed move; returns whether it was held. `C` must be the stored type.
    @inlinable @inline(__always)
    mutating func remove<C>(_ entity: Entity, as _: C.Type, version: UInt64) -> Bool {
        let index = Int(entity.index)
        let page = index &>> Self.pageShift
        // SAFETY: the page exists (checked) and the masked position is inside it; a stored
        // position and `last` are initialised positions below `count`, whose values are `C`s;
        // the moved entity is in the set, so its sparse entry exists.
        guard page < pageCount, let entries = unsafe pages[page] else { return false }
        let entry = unsafe entries + (index & Self.pageMask)
        let stored = unsafe entry.pointee
        guard stored != Self.absent else { return false }
        let dense = Int(stored)
        let last = count &- 1
        let typed = unsafe values.base.assumingMemoryBound(to: C.self)
        unsafe entry.pointee = Self.absent
        if dense == last {
            unsafe (typed + dense).deinitialize(count: 1)
        } else {
            unsafe (typed + dense).moveUpdate(from: typed + last, count: 1)
            let moved = unsafe entities[last]
            unsafe entities[dense] = moved
            unsafe ticks[dense] = ticks[last]
            if let added = unsafe addedTicks { unsafe added[dense] = added[last] }
            unsafe setEntry(Int(moved.index), stored)
        }
        count = last
        values.version = version
        return true
    }

    /// Removes the element at dense position `dense` (below ``count``), dropping its value;
    /// the last element takes its place.
    @inlinable @inline(__always)
    mutating func remove(at dense: Int, version: UInt64) {
        assert(dense >= 0 && dense < count, "dense position \(dense) outside \(count) elements")
        // SAFETY: `dense` and the last position are initialised; `moveOut` drops the value at
        // `dense` and moves the last one into it (nothing to move when they coincide).
        let last = count &- 1
        unsafe values.moveOut(dense, to: nil, fillingFrom: last)
        // SAFETY: as above; the sparse entries of both indices exist, since both entities are
        // in the set.
        let removed = unsafe entities[dense]
        let moved = unsafe entities[last]
        unsafe entities[dense] = moved
        unsafe ticks[dense] = ticks[last]
        if let added = unsafe addedTicks { unsafe added[dense] = added[last] }
        unsafe setEntry(Int(moved.index), UInt32(truncatingIfNeeded: dense))
        unsafe setEntry(Int(removed.index), Self.absent)
        count = last
        values.version = version
    }

    /// Writes the sparse entry of entity index `index`, whose page must exist.
    @unsafe @inlinable @inline(__always)
    func setEntry(_ index: Int, _ entry: UInt32) {
        // SAFETY: the caller guarantees the page exists; the masked position is inside it.
        unsafe pages[index &>> Self.pageShift].unsafelyUnwrapped[index & Self.pageMask] = entry
    }

    /// Makes sparse page `page`, growing the page table to cover it.
    @usableFromInline
    mutating func makePage(_ page: Int) {
        // SAFETY: the grown table holds `newCount > page` entries; the new page's entries are
        // all initialised to `absent`.
        if page >= pageCount {
            let newCount = Swift.max(page + 1, pageCount * 2, 4)
            unsafe pages = unsafe grownPointerTable(pages, count: pageCount, to: newCount)
            pageCount = newCount
        }
        let entries = UnsafeMutablePointer<UInt32>.allocate(capacity: Self.pageMask + 1)
        unsafe entries.initialize(repeating: Self.absent, count: Self.pageMask + 1)
        unsafe pages[page] = entries
    }

    /// Doubles the dense buffers (at least 16 positions).
    @usableFromInline
    mutating func grow() {
        let newCapacity = Swift.max(capacity * 2, 16)
        let type = unsafe values.type
        // SAFETY: each fresh buffer holds `newCapacity > count` positions at the type's
        // alignment (at least a cache line for values); the `count` initialised positions move
        // over before the old buffers, present once `capacity > 0`, are freed.
        let freshValues = UnsafeMutableRawPointer.allocate(
            byteCount: newCapacity * type.stride, alignment: Swift.max(type.alignment, TableStorage.bufferAlignment))
        let freshEntities = UnsafeMutablePointer<Entity>.allocate(capacity: newCapacity)
        let freshTicks = UnsafeMutablePointer<UInt64>.allocate(capacity: newCapacity)
        if capacity > 0 {
            unsafe type.moveInitialize(freshValues, values.base, count)
            unsafe freshEntities.moveInitialize(from: entities, count: count)
            unsafe freshTicks.moveInitialize(from: ticks, count: count)
            unsafe values.base.deallocate()
            unsafe entities.deallocate()
            unsafe ticks.deallocate()
        }
        unsafe values.base = freshValues
        values.capacity = newCapacity
        unsafe entities = freshEntities
        unsafe ticks = freshTicks
        if let added = unsafe addedTicks {
            // SAFETY: as above, for the added ticks, allocated with at least one position.
            let freshAdded = UnsafeMutablePointer<UInt64>.allocate(capacity: newCapacity)
            unsafe freshAdded.moveInitialize(from: added, count: count)
            unsafe added.deallocate()
            unsafe addedTicks = freshAdded
        }
        capacity = newCapacity
    }

    /// Starts recording added ticks: the values held now count as added at `version`.
    mutating func trackAdditions(version: UInt64) {
        guard unsafe addedTicks == nil else { return }
        // SAFETY: the buffer holds `max(capacity, 1) >= count` ticks, positions `0..<count`
        // initialised here; later positions are written when added.
        let added = UnsafeMutablePointer<UInt64>.allocate(capacity: Swift.max(capacity, 1))
        unsafe added.initialize(repeating: version, count: count)
        unsafe addedTicks = added
    }

    /// The added tick of dense position `dense` (below ``count``), which must be tracked.
    @inlinable @inline(__always)
    func addedTick(at dense: Int) -> UInt64 {
        assert(dense >= 0 && dense < count, "dense position \(dense) outside \(count) elements")
        // SAFETY: a tracked set's added ticks cover every position below `count`.
        return unsafe addedTicks.unsafelyUnwrapped[dense]
    }
}
