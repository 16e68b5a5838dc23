/// One JSON value, for ``SnapshotJSONDecoder``.
struct SnapshotJSONSingleValueDecodingContainer: SingleValueDecodingContainer {
    let decoder: SnapshotJSONDecoder
    /// The value's token index.
    let token: Int

    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool { decoder.isNull(at: token) }
    func decode(_: Bool.Type) throws -> Bool { try decoder.bool(at: token, nil) }
    func decode(_: String.Type) throws -> String { try decoder.string(at: token, nil) }
    func decode(_: Double.Type) throws -> Double { try decoder.double(at: token, nil) }
    func decode(_: Float.Type) throws -> Float { try decoder.float(at: token, nil) }
    func decode(_: Int.Type) throws -> Int { try decoder.integer(Int.self, at: token, nil) }
    func decode(_: Int8.Type) throws -> Int8 { try decoder.integer(Int8.self, at: token, nil) }
    func decode(_: Int16.Type) throws -> Int16 { try decoder.integer(Int16.self, at: token, nil) }
    func decode(_: Int32.Type) throws -> Int32 { try decoder.integer(Int32.self, at: token, nil) }
    func decode(_: Int64.Type) throws -> Int64 { try decoder.integer(Int64.self, at: token, nil) }
    func decode(_: UInt.Type) throws -> UInt { try decoder.integer(UInt.self, at: token, nil) }
    func decode(_: UInt8.Type) throws -> UInt8 { try decoder.integer(UInt8.self, at: token, nil) }
    func decode(_: UInt16.Type) throws -> UInt16 { try decoder.integer(UInt16.self, at: token, nil) }
    func decode(_: UInt32.Type) throws -> UInt32 { try decoder.integer(UInt32.self, at: token, nil) }
    func decode(_: UInt64.Type) throws -> UInt64 { try decoder.integer(UInt64.self, at: token, nil) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try decoder.decode(type, at: token, key: nil) }
}
