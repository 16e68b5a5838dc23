/// The elements of a JSON array, for ``SnapshotJSONDecoder``, read in order. A class: the
/// existential holds it without a box, and its reads of the decoder need no retain.
final class SnapshotJSONUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    let decoder: SnapshotJSONDecoder
    /// The tape's tokens.
    private let tokens: [JSONToken]
    /// The array's token index.
    private let array: Int
    /// The number of elements.
    private let elements: Int
    private(set) var currentIndex = 0
    /// The token of the next element.
    private var next: Int

    var codingPath: [any CodingKey] { decoder.codingPath }

    init(decoder: SnapshotJSONDecoder, array: Int) {
        self.decoder = decoder
        tokens = decoder.tape.tokens
        self.array = array
        elements = Int(tokens[array].count)
        next = array + 1
    }

    var count: Int? { elements }
    var isAtEnd: Bool { currentIndex >= elements }

    /// The token of the next element; moves past it.
    @inline(__always)
    private func advance<T>(_ type: T.Type) throws -> Int {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(type, DecodingError.Context(
                codingPath: codingPath + [SnapshotCodingKey(intValue: currentIndex)], debugDescription: "the array at byte \(decoder.tape.offset(of: array)) has only \(currentIndex) elements"))
        }
        let index = next
        let token = tokens[index]
        next = token.kind == .object || token.kind == .array ? Int(token.end) : index + 1
        currentIndex += 1
        return index
    }

    /// The coding key of the element read last.
    private var key: SnapshotCodingKey {
        SnapshotCodingKey(intValue: currentIndex - 1)
    }

    func decodeNil() throws -> Bool {
        guard !isAtEnd, decoder.isNull(at: next) else { return false }
        _ = try advance(Never.self)
        return true
    }

    func decode(_: Bool.Type) throws -> Bool { try decoder.bool(at: try advance(Bool.self), key) }
    func decode(_: String.Type) throws -> String { try decoder.string(at: try advance(String.self), key) }
    func decode(_: Double.Type) throws -> Double { try decoder.double(at: try advance(Double.self), key) }
    func decode(_: Float.Type) throws -> Float { try decoder.float(at: try advance(Float.self), key) }
    func decode(_: Int.Type) throws -> Int { try integer(Int.self) }
    func decode(_: Int8.Type) throws -> Int8 { try integer(Int8.self) }
    func decode(_: Int16.Type) throws -> Int16 { try integer(Int16.self) }
    func decode(_: Int32.Type) throws -> Int32 { try integer(Int32.self) }
    func decode(_: Int64.Type) throws -> Int64 { try integer(Int64.self) }
    func decode(_: UInt.Type) throws -> UInt { try integer(UInt.self) }
    func decode(_: UInt8.Type) throws -> UInt8 { try integer(UInt8.self) }
    func decode(_: UInt16.Type) throws -> UInt16 { try integer(UInt16.self) }
    func decode(_: UInt32.Type) throws -> UInt32 { try integer(UInt32.self) }
    func decode(_: UInt64.Type) throws -> UInt64 { try integer(UInt64.self) }

    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        try decoder.integer(type, at: try advance(type), key)
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let index = try advance(type)
        return try decoder.decode(type, at: index, key: key)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy _: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let index = try advance([String: Int].self)
        try decoder.expect(.object, at: index, key)
        return KeyedDecodingContainer(SnapshotJSONKeyedDecodingContainer<NestedKey>(decoder: decoder, object: index))
    }

    func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let index = try advance([Int].self)
        try decoder.expect(.array, at: index, key)
        return SnapshotJSONUnkeyedDecodingContainer(decoder: decoder, array: index)
    }

    func superDecoder() throws -> any Decoder {
        SnapshotJSONValueDecoder(decoder: decoder, index: try advance([String: Int].self))
    }
}
