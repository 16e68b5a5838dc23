/// One component value as JSON text inside a binary snapshot: the form of a component
/// registered without ``SnapshotBinaryCodable``.
@usableFromInline
enum SnapshotJSONValue {
    /// Writes `value` as a `UInt32` byte count and its JSON text.
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` when `value` cannot be encoded.
    @usableFromInline
    static func write<C: Encodable>(_ value: C, to writer: inout SnapshotWriter, name: String, index: UInt32) throws(ECSError) {
        let encoder = SnapshotJSONEncoder()
        do {
            try encoder.encode(value)
        } catch {
            throw ECSError(.invalidArgument, "component \"\(name)\" of entity index \(index) cannot be encoded as JSON: \(JSONSnapshotCoding.describe(error))")
        }
        let text = encoder.bytes
        writer.write(UInt32(truncatingIfNeeded: text.count))
        writer.writeBytes(text)
    }

    /// Reads a value written by ``write(_:to:name:index:)``.
    /// - Throws: ``ECSError/Code-swift.enum/corruptSnapshot`` for missing bytes or text that
    ///   does not decode as `C`.
    @usableFromInline
    static func read<C: Decodable>(_: C.Type, from reader: inout SnapshotReader, name: String, index: UInt32) throws(ECSError) -> C {
        let length = Int(try reader.read(UInt32.self))
        let bytes = try reader.takeBytes(length)
        do {
            return try SnapshotJSONDecoder(try JSONTape(parsing: bytes)).decode(C.self, at: 0, key: nil)
        } catch {
            throw ECSError(
                .corruptSnapshot, "component \"\(name)\" of entity index \(index) does not decode: \(JSONSnapshotCoding.describe(error))",
                metadata: ["component": name])
        }
    }
}
