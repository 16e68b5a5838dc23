/// The elements of a JSON array being written by ``SnapshotJSONEncoder``.
struct SnapshotJSONUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    let encoder: SnapshotJSONEncoder
    /// The array's nesting depth.
    let depth: Int
    /// The array's identity: the byte offset of its `[`.
    let start: Int

    var codingPath: [any CodingKey] { encoder.codingPath }
    var count: Int { encoder.count(depth, start) }

    private func begin() throws {
        try encoder.beginEntry(depth, start, name: nil)
    }

    /// Writes the next element, the value `write` appends.
    private func element(_ write: (inout JSONTextWriter) -> Void) throws {
        try encoder.entry(depth, start, name: nil, write)
    }

    mutating func encodeNil() throws { try element { $0.writeNull() } }
    mutating func encode(_ value: Bool) throws { try element { $0.write(value) } }
    mutating func encode(_ value: String) throws { try element { $0.write(value) } }
    mutating func encode(_ value: Double) throws {
        try encoder.checkFinite(value, SnapshotCodingKey(intValue: count))
        try element { $0.write(value) }
    }
    mutating func encode(_ value: Float) throws {
        try encoder.checkFinite(value, SnapshotCodingKey(intValue: count))
        try element { $0.write(value) }
    }
    mutating func encode(_ value: Int) throws { try element { $0.write(value) } }
    mutating func encode(_ value: Int8) throws { try element { $0.write(value) } }
    mutating func encode(_ value: Int16) throws { try element { $0.write(value) } }
    mutating func encode(_ value: Int32) throws { try element { $0.write(value) } }
    mutating func encode(_ value: Int64) throws { try element { $0.write(value) } }
    mutating func encode(_ value: UInt) throws { try element { $0.write(value) } }
    mutating func encode(_ value: UInt8) throws { try element { $0.write(value) } }
    mutating func encode(_ value: UInt16) throws { try element { $0.write(value) } }
    mutating func encode(_ value: UInt32) throws { try element { $0.write(value) } }
    mutating func encode(_ value: UInt64) throws { try element { $0.write(value) } }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try begin()
        if try encoder.encodeScalar(value) { return }
        try encoder.with(SnapshotCodingKey(intValue: count - 1)) { try encoder.encodeComposite(value) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let nested = encoder.openNested(object: true, in: depth, start, name: nil)
        return KeyedEncodingContainer(SnapshotJSONKeyedEncodingContainer<NestedKey>(encoder: encoder, depth: depth + 1, start: nested))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let nested = encoder.openNested(object: false, in: depth, start, name: nil)
        return SnapshotJSONUnkeyedEncodingContainer(encoder: encoder, depth: depth + 1, start: nested)
    }

    mutating func superEncoder() -> any Encoder {
        encoder.nestedSlot(in: depth, start, name: nil)
    }
}
