/// A `Decoder` over a ``JSONTape``: components of a JSON snapshot come in through their
/// `Decodable` conformance, read straight from the parsed tokens. Values are checked as they
/// are read: a number must fit its type exactly (an integer type takes only integers), a `Bool`
/// is `true` or `false`, a missing member or a wrong kind is a `DecodingError` whose
/// description gives the byte offset.
@usableFromInline
final class SnapshotJSONDecoder: Decoder {
    /// The parsed text.
    let tape: JSONTape
    /// The token of the value being decoded.
    private var current: Int
    @usableFromInline private(set) var codingPath: [any CodingKey] = []
    @usableFromInline var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// A decoder of the tape's values, at its first.
    init(_ tape: JSONTape) {
        self.tape = tape
        current = 0
    }

    /// A decoder of the value at token `index` of `tape`, at `codingPath`.
    private init(_ tape: JSONTape, at index: Int, codingPath: [any CodingKey]) {
        self.tape = tape
        current = index
        self.codingPath = codingPath
    }

    /// Decodes the `T` at token `index`, `key` being its coding key in the value around it.
    func decode<T: Decodable>(_: T.Type, at index: Int, key: (any CodingKey)?) throws -> T {
        if T.self == Float.self { return try float(at: index, key) as! T }
        if T.self == Double.self { return try double(at: index, key) as! T }
        if T.self == String.self { return try string(at: index, key) as! T }
        if T.self == Int.self { return try integer(Int.self, at: index, key) as! T }
        let saved = current
        current = index
        if let key { codingPath.append(key) }
        defer {
            current = saved
            if key != nil { codingPath.removeLast() }
        }
        return try T(from: self)
    }

    @usableFromInline
    func container<Key: CodingKey>(keyedBy _: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try expect(.object, at: current, nil)
        return KeyedDecodingContainer(SnapshotJSONKeyedDecodingContainer<Key>(decoder: self, object: current, codingPath: codingPath))
    }

    @usableFromInline
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try expect(.array, at: current, nil)
        return SnapshotJSONUnkeyedDecodingContainer(decoder: self, array: current, codingPath: codingPath)
    }

    @usableFromInline
    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SnapshotJSONSingleValueDecodingContainer(decoder: self, token: current, codingPath: codingPath)
    }

    /// A separate decoder of the value at token `index` (for `superDecoder`).
    func decoder(at index: Int, key: any CodingKey) -> SnapshotJSONDecoder {
        SnapshotJSONDecoder(tape, at: index, codingPath: codingPath + [key])
    }

    // MARK: Scalars

    func isNull(at index: Int) -> Bool {
        tape.tokens[index].kind == .null
    }

    func bool(at index: Int, _ key: (any CodingKey)?) throws -> Bool {
        switch tape.tokens[index].kind {
        case .true: return true
        case .false: return false
        default: throw mismatch(Bool.self, at: index, key)
        }
    }

    func string(at index: Int, _ key: (any CodingKey)?) throws -> String {
        let kind = tape.tokens[index].kind
        guard kind == .string || kind == .escapedString else { throw mismatch(String.self, at: index, key) }
        return tape.string(at: index)
    }

    func float(at index: Int, _ key: (any CodingKey)?) throws -> Float {
        let range = try numberRange(Float.self, at: index, key)
        guard let value = JSONNumberReader.float(tape.bytes, range) else { throw outOfRange(Float.self, at: index, key) }
        return value
    }

    func double(at index: Int, _ key: (any CodingKey)?) throws -> Double {
        let range = try numberRange(Double.self, at: index, key)
        guard let value = JSONNumberReader.double(tape.bytes, range) else { throw outOfRange(Double.self, at: index, key) }
        return value
    }

    func integer<T: FixedWidthInteger>(_: T.Type, at index: Int, _ key: (any CodingKey)?) throws -> T {
        guard tape.tokens[index].kind == .integer else { throw mismatch(T.self, at: index, key) }
        let token = tape.tokens[index]
        guard let value = JSONNumberReader.integer(tape.bytes, Int(token.start)..<Int(token.end), as: T.self) else {
            throw outOfRange(T.self, at: index, key)
        }
        return value
    }

    private func numberRange(_ type: Any.Type, at index: Int, _ key: (any CodingKey)?) throws -> Range<Int> {
        let token = tape.tokens[index]
        guard token.kind == .integer || token.kind == .number else { throw mismatch(type, at: index, key) }
        return Int(token.start)..<Int(token.end)
    }

    // MARK: Errors

    /// Throws a type mismatch unless token `index` is of `kind`.
    func expect(_ kind: JSONToken.Kind, at index: Int, _ key: (any CodingKey)?) throws {
        guard tape.tokens[index].kind == kind else {
            throw mismatch(kind == .object ? [String: Int].self : [Int].self, at: index, key)
        }
    }

    /// The coding path of a value under `key`.
    func path(_ key: (any CodingKey)?) -> [any CodingKey] {
        key.map { codingPath + [$0] } ?? codingPath
    }

    func mismatch(_ type: Any.Type, at index: Int, _ key: (any CodingKey)?) -> DecodingError {
        DecodingError.typeMismatch(type, DecodingError.Context(
            codingPath: path(key), debugDescription: "expected \(type), found \(describe(index)) at byte \(tape.offset(of: index))"))
    }

    func outOfRange(_ type: Any.Type, at index: Int, _ key: (any CodingKey)?) -> DecodingError {
        DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: path(key), debugDescription: "number at byte \(tape.offset(of: index)) does not fit in \(type)"))
    }

    /// A short name of the kind of token `index`.
    private func describe(_ index: Int) -> String {
        switch tape.tokens[index].kind {
        case .object: "an object"
        case .array: "an array"
        case .string, .escapedString: "a string"
        case .integer: "an integer"
        case .number: "a number"
        case .true, .false: "a Bool"
        case .null: "null"
        }
    }
}
