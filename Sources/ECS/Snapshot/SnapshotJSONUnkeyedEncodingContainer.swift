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

    mutating func encodeNil() throws { try begin(); encoder.writer.writeNull() }
    mutating func encode(_ value: Bool) throws { try begin(); encoder.writer.write(value) }
    mutating func encode(_ value: String) throws { try begin(); encoder.writer.write(value) }
    mutating func encode(_ value: Double) throws { try begin(); try encoder.write(value, SnapshotCodingKey(intValue: count - 1)) }
    mutating func encode(_ value: Float) throws { try begin(); try encoder.write(value, SnapshotCodingKey(intValue: count - 1)) }
    mutating func encode(_ value: Int) throws { try begin(); encoder.writer.write(value) }
    mutating func encode(_ value: Int8) throws { try begin(); encoder.writer.write(value) }
    mutating func encode(_ value: Int16) throws { try begin(); encoder.writer.write(value) }
    mutating func encode(_ value: Int32) throws { try begin(); encoder.writer.write(value) }
    mutating func encode(_ value: Int64) throws { try begin(); encoder.writer.write(value) }
    mutating func encode(_ value: UInt) throws { try begin(); encoder.writer.write(value) }
    mutating func encode(_ value: UInt8) throws { try begin(); encoder.writer.write(value) }
    mutating func encode(_ value: UInt16) throws { try begin(); encoder.writer.write(value) }
    mutating func encode(_ value: UInt32) throws { try begin(); encoder.writer.write(value) }
    mutating func encode(_ value: UInt64) throws { try begin(); encoder.writer.write(value) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try begin()
        try encoder.with(SnapshotCodingKey(intValue: count - 1)) { try encoder.encodeValue(value) }
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
