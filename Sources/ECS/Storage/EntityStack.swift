/// A growable stack of entity ids in one raw buffer: the world's free and pending-free slot
/// lists, each id carrying the generation its slot's next entity gets, so that a spawn takes a
/// reused id without reading the slot (at a million entities, a cache miss). A push or pop is
/// a bounds compare and one load or store, with none of an array's uniqueness checks, which a
/// destroy and a spawn would otherwise pay each.
///
/// Holding one is safe; ``deallocate()``, which the world calls exactly once, is `@unsafe`.
@safe @usableFromInline
struct EntityStack {
    /// Start of the buffer; ids `0..<count` are initialised.
    @usableFromInline private(set) var base: UnsafeMutablePointer<Entity>
    /// Number of ids held.
    @usableFromInline var count = 0
    /// Ids the buffer can hold (0 while nothing is allocated).
    private var capacity = 0

    /// An empty stack.
    init() {
        // SAFETY: an aligned, non-null placeholder never dereferenced while `capacity` is 0. The
        // literal is not zero, so the optional is never nil.
        unsafe base = UnsafeMutablePointer(bitPattern: MemoryLayout<Entity>.alignment)!
    }

    /// Frees the buffer; the stack must not be used afterwards.
    @unsafe func deallocate() {
        // SAFETY: a buffer exists only once `capacity > 0`; the world frees it once.
        if capacity > 0 { unsafe base.deallocate() }
    }

    /// Pushes `entity`.
    mutating func push(_ entity: Entity) {
        if count == capacity { grow(to: count + 1) }
        // SAFETY: `count` is below `capacity` (grown above), so the store is inside the buffer.
        unsafe base[count] = entity
        count &+= 1
    }

    /// Removes and returns the most recently pushed id, or nil when empty.
    @inlinable @inline(__always)
    mutating func pop() -> Entity? {
        guard count > 0 else { return nil }
        count &-= 1
        // SAFETY: `count` is below the old count, so the slot is initialised.
        return unsafe base[count]
    }

    /// The id the next ``pop()`` returns, or nil when empty.
    @inlinable @inline(__always)
    var top: Entity? {
        guard count > 0 else { return nil }
        // SAFETY: `count - 1` is below the count, so the slot is initialised.
        return unsafe base[count &- 1]
    }

    /// Pushes every id of `other`, in its order (as if pushed one by one), and empties it.
    mutating func takeAll(from other: inout EntityStack) {
        guard other.count > 0 else { return }
        if count + other.count > capacity { grow(to: count + other.count) }
        // SAFETY: the buffer has room for `count + other.count` ids (grown above), and
        // `other`'s ids `0..<other.count` are initialised; the buffers are distinct.
        unsafe (base + count).initialize(from: other.base, count: other.count)
        count += other.count
        other.count = 0
    }

    /// Reallocates the buffer for at least `needed` ids (and at least twice the capacity).
    private mutating func grow(to needed: Int) {
        let newCapacity = Swift.max(needed, capacity * 2, 64)
        // SAFETY: the fresh buffer holds `newCapacity >= count` ids; the initialised ones
        // move over before the old buffer, which exists only once `capacity > 0`, is freed.
        let fresh = UnsafeMutablePointer<Entity>.allocate(capacity: newCapacity)
        if capacity > 0 {
            unsafe fresh.initialize(from: base, count: count)
            unsafe base.deallocate()
        }
        unsafe base = fresh
        capacity = newCapacity
    }
}
