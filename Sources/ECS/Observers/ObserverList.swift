/// The callbacks of one component and event (or of entity destruction), in call order, in a
/// buffer of unmanaged references that the list owns.
///
/// Firing reads the buffer in place: the references are plain pointers, so a change pays no
/// reference counting for its callbacks. The list holds a +1 reference to each entry, taken
/// when it is added and given back when it is removed or the list is freed.
@safe @usableFromInline
struct ObserverList {
    /// The entries; nil until the first is added.
    @usableFromInline private(set) var base: UnsafeMutablePointer<Unmanaged<ObserverEntry>>?
    /// Number of entries.
    @usableFromInline private(set) var count = 0
    /// Entries the buffer holds.
    private var capacity = 0

    /// An empty list.
    @inlinable init() {}

    /// The entries, in call order, valid until the list changes.
    @inlinable
    var entries: UnsafeBufferPointer<Unmanaged<ObserverEntry>> {
        // SAFETY: the first `count` entries are initialised.
        unsafe UnsafeBufferPointer(start: base, count: count)
    }

    /// The first entry, if any.
    var first: ObserverEntry? {
        // SAFETY: as in ``entries``.
        unsafe count > 0 ? base.unsafelyUnwrapped.pointee.takeUnretainedValue() : nil
    }

    /// Adds `entry` at `position` (at most ``count``), keeping a reference to it.
    mutating func insert(_ entry: ObserverEntry, at position: Int) {
        precondition(position >= 0 && position <= count, "observer list position \(position) outside 0...\(count)")
        if count == capacity { grow() }
        // SAFETY: the buffer holds `capacity > count` entries; entries `position..<count` move up
        // by one into the initialised and the one uninitialised slot.
        let base = unsafe base.unsafelyUnwrapped
        unsafe (base + position + 1).moveInitialize(from: base + position, count: count - position)
        unsafe (base + position).initialize(to: .passRetained(entry))
        count += 1
    }

    /// Removes the entry with handle `id` and gives back its reference; false when none has it.
    mutating func remove(_ id: ObserverID) -> Bool {
        // SAFETY: entries `0..<count` are initialised; the removed one is released once and the
        // ones after it move down into its slot.
        guard let position = unsafe entries.firstIndex(where: { unsafe $0.takeUnretainedValue().id == id }) else { return false }
        let base = unsafe base.unsafelyUnwrapped
        unsafe base[position].release()
        unsafe (base + position).moveInitialize(from: base + position + 1, count: count - position - 1)
        count -= 1
        return true
    }

    /// Gives back every reference and frees the buffer; the list must not be used afterwards.
    @unsafe func deallocate() {
        // SAFETY: each initialised entry holds one reference, released once here.
        for unsafe entry in unsafe entries { unsafe entry.release() }
        unsafe base?.deallocate()
    }

    /// Moves the entries to a buffer of twice the capacity (at least 2).
    private mutating func grow() {
        let fresh = UnsafeMutablePointer<Unmanaged<ObserverEntry>>.allocate(capacity: Swift.max(2, capacity * 2))
        // SAFETY: the fresh buffer is larger than `count`; the old one is freed after its
        // entries move over.
        if let old = unsafe base {
            unsafe fresh.moveInitialize(from: old, count: count)
            unsafe old.deallocate()
        }
        unsafe base = fresh
        capacity = Swift.max(2, capacity * 2)
    }
}
