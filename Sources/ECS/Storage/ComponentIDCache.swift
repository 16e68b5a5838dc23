/// A direct-mapped cache of recent component-type lookups in front of the world's registry
/// dictionary, so that hot structural calls neither hash nor touch the dictionary.
@usableFromInline
struct ComponentIDCache {
    /// The type key (nil when empty) and its component id.
    @usableFromInline typealias Entry = (key: ObjectIdentifier?, id: Int)

    /// Entries (a power of two).
    @usableFromInline static let size = 64

    @usableFromInline let entries: UnsafeMutablePointer<Entry>

    init() {
        entries = .allocate(capacity: Self.size)
        entries.initialize(repeating: (nil, 0), count: Self.size)
    }

    /// Frees the entries; the cache must not be used afterwards.
    func deallocate() {
        entries.deallocate()
    }

    /// The entry a key maps to: the top bits of a multiplicative hash of its address.
    @inlinable
    static func slot(_ key: ObjectIdentifier) -> Int {
        Int(truncatingIfNeeded: (UInt(bitPattern: key) &* 0x9E37_79B9_7F4A_7C15) >> 58) & (size - 1)
    }

    /// The cached id of `key`, if present.
    @inlinable @inline(__always)
    func id(of key: ObjectIdentifier) -> ComponentID? {
        let entry = entries[Self.slot(key)]
        return entry.key == key ? ComponentID(rawValue: entry.id) : nil
    }

    /// Records the id of `key`, replacing whatever shared its entry.
    func record(_ key: ObjectIdentifier, _ id: ComponentID) {
        entries[Self.slot(key)] = (key, id.rawValue)
    }
}
