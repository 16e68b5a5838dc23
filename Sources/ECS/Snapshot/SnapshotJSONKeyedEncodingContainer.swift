/// The members of a JSON object being written by ``SnapshotJSONEncoder``.
struct SnapshotJSONKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let encoder: SnapshotJSONEncoder
    /// The object's nesting depth.
    let depth: Int
    /// The object's identity: the byte offset of its `{`.
    let start: Int

    var codingPath: [any CodingKey] { encoder.codingPath }

    private func begin(_ key: Key) throws {
        try encoder.beginEntry(depth, start, name: key.stringValue)
    }

    /// Writes member `key` with the value `write` appends.
    private func member(_ key: Key, _ write: (inout JSONTextWriter) -> Void) throws {
        try encoder.entry(depth, start, name: key.stringValue, write)
    }

    mutating func encodeNil(forKey key: Key) throws { try member(key) { $0.writeNull() } }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try member(key) { $0.write(value) } }
    mutating func encode(_ value: String, forKey key: Key) throws { try member(key) { $0.write(value) } }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        try encoder.checkFinite(value, key)
        try member(key) { $0.write(value) }
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        try encoder.checkFinite(value, key)
        try member(key) { $0.write(value) }
    }
    mutating func encode(_ value: Int, forKey key: Key) throws { try member(key) { $0.write(value) } }
    mutating func encode(_ value: Int8, forKey key: Key) throws { try member(key) { $0.write(value) } }
    mutating func encode(_ value: Int16, forKey key: Key) throws { try member(key) { $0.write(value) } }
    mutating func encode(_ value: Int32, forKey key: Key) throws { try member(key) { $0.write(value) } }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try member(key) { $0.write(value) } }
    mutating func encode(_ value: UInt, forKey key: Key) throws { try member(key) { $0.write(value) } }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { try member(key) { $0.write(value) } }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { try member(key) { $0.write(value) } }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { try member(key) { $0.write(value) } }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { try member(key) { $0.write(value) } }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try begin(key)
        if try encoder.encodeScalar(value) { return }
        try encoder.with(key) { try encoder.encodeComposite(value) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let nested = encoder.openNested(object: true, in: depth, start, name: key.stringValue)
        return KeyedEncodingContainer(SnapshotJSONKeyedEncodingContainer<NestedKey>(encoder: encoder, depth: depth + 1, start: nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = encoder.openNested(object: false, in: depth, start, name: key.stringValue)
        return SnapshotJSONUnkeyedEncodingContainer(encoder: encoder, depth: depth + 1, start: nested)
    }

    mutating func superEncoder() -> any Encoder {
        encoder.nestedSlot(in: depth, start, name: "super")
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        encoder.nestedSlot(in: depth, start, name: key.stringValue)
    }
}
