/// The `Encoder` a value gets from ``SnapshotJSONEncoder``: the place of one JSON value, at a
/// nesting depth and byte offset, which its containers fill.
struct SnapshotJSONSlotEncoder: Encoder {
    let encoder: SnapshotJSONEncoder
    /// The number of containers open around the value.
    let depth: Int
    /// Byte offset where the value starts.
    let start: Int

    var codingPath: [any CodingKey] { encoder.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy _: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(SnapshotJSONKeyedEncodingContainer<Key>(
            encoder: encoder, depth: depth, start: encoder.openContainer(object: true, depth: depth, start: start)))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        SnapshotJSONUnkeyedEncodingContainer(encoder: encoder, depth: depth, start: encoder.openContainer(object: false, depth: depth, start: start))
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SnapshotJSONSingleValueEncodingContainer(encoder: encoder, depth: depth, start: start)
    }
}
