/// One JSON value being written by ``SnapshotJSONEncoder``.
struct SnapshotJSONSingleValueEncodingContainer: SingleValueEncodingContainer {
    let encoder: SnapshotJSONEncoder
    /// The number of containers open around the value.
    let depth: Int
    /// Byte offset where the value starts.
    let start: Int

    var codingPath: [any CodingKey] { encoder.codingPath }

    private func begin() throws {
        try encoder.beginSingleValue(depth, start)
    }

    mutating func encodeNil() throws { try begin(); encoder.write { $0.writeNull() } }
    mutating func encode(_ value: Bool) throws { try begin(); encoder.write { $0.write(value) } }
    mutating func encode(_ value: String) throws { try begin(); encoder.write { $0.write(value) } }
    mutating func encode(_ value: Double) throws { try encoder.checkFinite(value, nil); try begin(); encoder.write { $0.write(value) } }
    mutating func encode(_ value: Float) throws { try encoder.checkFinite(value, nil); try begin(); encoder.write { $0.write(value) } }
    mutating func encode(_ value: Int) throws { try begin(); encoder.write { $0.write(value) } }
    mutating func encode(_ value: Int8) throws { try begin(); encoder.write { $0.write(value) } }
    mutating func encode(_ value: Int16) throws { try begin(); encoder.write { $0.write(value) } }
    mutating func encode(_ value: Int32) throws { try begin(); encoder.write { $0.write(value) } }
    mutating func encode(_ value: Int64) throws { try begin(); encoder.write { $0.write(value) } }
    mutating func encode(_ value: UInt) throws { try begin(); encoder.write { $0.write(value) } }
    mutating func encode(_ value: UInt8) throws { try begin(); encoder.write { $0.write(value) } }
    mutating func encode(_ value: UInt16) throws { try begin(); encoder.write { $0.write(value) } }
    mutating func encode(_ value: UInt32) throws { try begin(); encoder.write { $0.write(value) } }
    mutating func encode(_ value: UInt64) throws { try begin(); encoder.write { $0.write(value) } }
    mutating func encode<T: Encodable>(_ value: T) throws { try begin(); try encoder.encodeValue(value) }
}
