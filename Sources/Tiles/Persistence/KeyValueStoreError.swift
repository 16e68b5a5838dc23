/// Why a ``KeyValueStore`` could not do what was asked.
public enum KeyValueStoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The key is empty, too long, or has a character outside `A–Z a–z 0–9 _ -`.
    case invalidKey(String)
    /// The store's storage failed; the text says how (for a file store, the path and the
    /// system's reason).
    case storage(String)

    /// One line saying what failed.
    public var description: String {
        switch self {
        case .invalidKey(let key): return "invalid store key \"\(key)\": use 1-128 characters of A-Z a-z 0-9 _ -"
        case .storage(let reason): return reason
        }
    }

    /// Throws ``invalidKey(_:)`` unless `key` is a valid key.
    static func validate(_ key: String) throws(KeyValueStoreError) {
        let allowed = key.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == 0x5F || byte == 0x2D
        }
        guard !key.isEmpty, key.utf8.count <= 128, allowed else { throw .invalidKey(key) }
    }
}
