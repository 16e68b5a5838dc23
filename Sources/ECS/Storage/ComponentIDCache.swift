/// A direct-mapped cache of recent component-type lookups in front of the world's registry
/// dictionary, so that hot structural calls neither hash nor touch the dictionary.
///
/// The entries live in a raw buffer of exactly ``size`` initialised entries, indexed only by
/// ``slot(_:)``, which is always below ``size``; ``deallocate()`` is `@unsafe` and called once
/// by the owning world.
@safe @usableFromInline
struct ComponentIDCache {
    /// The type key (nil when empty) and its component id.
    @usableFromInline typealias Entry = (key: ObjectIdentifier?, id: Int)

    /// Entries (a power of two).
    @usableFromInline static let size = 64

    /// The ``size`` entries, all initialised.
    @usableFromInline let entries: UnsafeMutablePointer<Entry>

    /// An empty cache.
    init() {
        // SAFETY: the buffer is allocated and initialised for exactly `size` entries.
        unsafe entries = .allocate(capacity: Self.size)
        unsafe entries.initialize(repeating: (nil, 0), count: Self.size)
    }

    /// Frees the entries; the cache must not be used afterwards.
    @unsafe func deallocate() {
        // SAFETY: the buffer was allocated by `init`; the world frees it once.
        unsafe entries.deallocate()
    }

    /// The entry a key maps to: the top bits of a multiplicative hash of its address.
    @inlinable
    static func slot(_ key: ObjectIdentifier) -> Int {
        Int(truncatingIfNeeded: (UInt(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> 58) & (size - 1)
    }

    /// The cached id of `key`, if present.
    @inlinable @inline(__always)
    func id(of key: ObjectIdentifier) -> ComponentID? {
        // SAFETY: `slot` masks with `size - 1`, so the index is one of the `size` entries.
        let entry = unsafe entries[Self.slot(key)]
        return entry.key == key ? ComponentID(rawValue: entry.id) : nil
    }

    /// Records the id of `key`, replacing whatever shared its entry.
    func record(_ key: ObjectIdentifier, _ id: ComponentID) {
        // SAFETY: as in ``id(of:)``; only the thread holding the world exclusively writes.
        unsafe entries[Self.slot(key)] = (key, id.rawValue)
    }
}
