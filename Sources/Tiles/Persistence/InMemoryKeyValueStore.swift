/// A ``KeyValueStore`` in memory, for tests and for games that need no saves.
public final class InMemoryKeyValueStore: KeyValueStore {
    /// Every value by key, set-aside values included under their new names.
    public private(set) var values: [String: [UInt8]]

    /// A store holding `values`.
    public init(values: [String: [UInt8]] = [:]) {
        self.values = values
    }

    /// The value under `key`.
    public func data(forKey key: String) throws(KeyValueStoreError) -> [UInt8]? {
        try KeyValueStoreError.validate(key)
        return values[key]
    }

    /// Replaces the value under `key`.
    public func set(_ data: [UInt8], forKey key: String) throws(KeyValueStoreError) {
        try KeyValueStoreError.validate(key)
        values[key] = data
    }

    /// Removes the value under `key`.
    public func removeValue(forKey key: String) throws(KeyValueStoreError) {
        try KeyValueStoreError.validate(key)
        values[key] = nil
    }

    /// Keeps the value under `<key>.corrupt-<n>`, the first free `n` from 1, and returns that
    /// name. Throws ``KeyValueStoreError/storage(_:)`` when there is no value under `key`.
    public func setAside(key: String) throws(KeyValueStoreError) -> String {
        try KeyValueStoreError.validate(key)
        guard let value = values.removeValue(forKey: key) else { throw .storage("nothing stored under \(key)") }
        var number = 1
        while values["\(key).corrupt-\(number)"] != nil { number += 1 }
        let name = "\(key).corrupt-\(number)"
        values[name] = value
        return name
    }
}
