/// The elements of a JSON array, for ``SnapshotJSONDecoder``, read in order.
struct SnapshotJSONUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let decoder: SnapshotJSONDecoder
    let codingPath: [any CodingKey]
    let count: Int?
    private(set) var currentIndex = 0
    /// The token of the next element.
    private var next: Int
    /// The array's byte offset, for messages.
    private let offset: Int

    init(decoder: SnapshotJSONDecoder, array: Int, codingPath: [any CodingKey]) {
        self.decoder = decoder
        self.codingPath = codingPath
        count = Int(decoder.tape.tokens[array].count)
        next = array + 1
        offset = decoder.tape.offset(of: array)
    }

    var isAtEnd: Bool { currentIndex >= count ?? 0 }

    /// The token of the next element and the key of its index; moves past it.
    private mutating func advance<T>(_ type: T.Type) throws -> (Int, SnapshotCodingKey) {
        let key = SnapshotCodingKey(intValue: currentIndex)
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, DecodingError.Context(
                codingPath: codingPath + [key], debugDescription: "the array at byte \(offset) has only \(currentIndex) elements"))
        }
        let index = next
        next = decoder.tape.next(after: index)
        currentIndex += 1
        return (index, key)
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, decoder.isNull(at: next) else { return false }
        _ = try advance(Never.self)
        return true
    }

    mutating func decode(_: Bool.Type) throws -> Bool { let (index, key) = try advance(Bool.self); return try decoder.bool(at: index, key) }
    mutating func decode(_: String.Type) throws -> String { let (index, key) = try advance(String.self); return try decoder.string(at: index, key) }
    mutating func decode(_: Double.Type) throws -> Double { let (index, key) = try advance(Double.self); return try decoder.double(at: index, key) }
    mutating func decode(_: Float.Type) throws -> Float { let (index, key) = try advance(Float.self); return try decoder.float(at: index, key) }
    mutating func decode(_: Int.Type) throws -> Int { try integer(Int.self) }
    mutating func decode(_: Int8.Type) throws -> Int8 { try integer(Int8.self) }
    mutating func decode(_: Int16.Type) throws -> Int16 { try integer(Int16.self) }
    mutating func decode(_: Int32.Type) throws -> Int32 { try integer(Int32.self) }
    mutating func decode(_: Int64.Type) throws -> Int64 { try integer(Int64.self) }
    mutating func decode(_: UInt.Type) throws -> UInt { try integer(UInt.self) }
    mutating func decode(_: UInt8.Type) throws -> UInt8 { try integer(UInt8.self) }
    mutating func decode(_: UInt16.Type) throws -> UInt16 { try integer(UInt16.self) }
    mutating func decode(_: UInt32.Type) throws -> UInt32 { try integer(UInt32.self) }
    mutating func decode(_: UInt64.Type) throws -> UInt64 { try integer(UInt64.self) }

    private mutating func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let (index, key) = try advance(type)
        return try decoder.integer(type, at: index, key)
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (index, key) = try advance(type)
        return try decoder.decode(type, at: index, key: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let (index, key) = try advance([String: Int].self)
        try decoder.expect(.object, at: index, key)
        return KeyedDecodingContainer(SnapshotJSONKeyedDecodingContainer<NestedKey>(decoder: decoder, object: index, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (index, key) = try advance([Int].self)
        try decoder.expect(.array, at: index, key)
        return SnapshotJSONUnkeyedDecodingContainer(decoder: decoder, array: index, codingPath: codingPath + [key])
    }

    mutating func superDecoder() throws -> any Decoder {
        let (index, key) = try advance([String: Int].self)
        return decoder.decoder(at: index, key: key)
    }
}
