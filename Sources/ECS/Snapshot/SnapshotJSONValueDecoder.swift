/// The `Decoder` a value gets from ``SnapshotJSONDecoder``: the token of one JSON value.
struct SnapshotJSONValueDecoder: Decoder {
    let decoder: SnapshotJSONDecoder
    /// The value's token index.
    let index: Int

    var codingPath: [any CodingKey] { decoder.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try decoder.expect(.object, at: index, nil)
        return KeyedDecodingContainer(SnapshotJSONKeyedDecodingContainer<Key>(decoder: decoder, object: index))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try decoder.expect(.array, at: index, nil)
        return SnapshotJSONUnkeyedDecodingContainer(decoder: decoder, array: index)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SnapshotJSONSingleValueDecodingContainer(decoder: decoder, token: index)
    }
}
