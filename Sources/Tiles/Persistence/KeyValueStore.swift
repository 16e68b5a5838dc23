/// The port the tile game keeps its saves, level counters, records and rating state in.
/// Values are bytes; keys are 1–128 characters of `A–Z a–z 0–9 _ -`.
public protocol KeyValueStore: AnyObject {
    /// The value under `key`, or nil when there is none.
    func data(forKey key: String) throws(KeyValueStoreError) -> [UInt8]?
    /// Replaces the value under `key` as one step: a reader sees the old value or the new one.
    func set(_ data: [UInt8], forKey key: String) throws(KeyValueStoreError)
    /// Removes the value under `key`; removing a missing key does nothing.
    func removeValue(forKey key: String) throws(KeyValueStoreError)
    /// Moves the value under `key` out of the way, never deleting it, and returns where it
    /// went (a file path, or the name it is kept under).
    func setAside(key: String) throws(KeyValueStoreError) -> String
}

extension KeyValueStore {
    /// The whole number stored under `key` as decimal text, or nil when there is none or the
    /// value is not a whole number (a counter that cannot be read starts again from its
    /// default, as `UserDefaults.integer(forKey:)` does).
    public func integer(forKey key: String) throws(KeyValueStoreError) -> Int? {
        try data(forKey: key).flatMap { Int(String(decoding: $0, as: UTF8.self)) }
    }

    /// Stores `value` under `key` as decimal text.
    public func set(_ value: Int, forKey key: String) throws(KeyValueStoreError) {
        try set(Array(String(value).utf8), forKey: key)
    }

    /// The finite number stored under `key` as text, or nil when there is none or it is not a
    /// finite number.
    public func double(forKey key: String) throws(KeyValueStoreError) -> Double? {
        try data(forKey: key).flatMap { Double(String(decoding: $0, as: UTF8.self)) }.flatMap { $0.isFinite ? $0 : nil }
    }

    /// Stores `value` under `key` as text that reads back to the same `Double`.
    public func set(_ value: Double, forKey key: String) throws(KeyValueStoreError) {
        try set(Array(String(value).utf8), forKey: key)
    }
}
