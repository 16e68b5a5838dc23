/// Decodes values from a ``JSONTape``: components of a JSON snapshot come in through their
/// `Decodable` conformance (given a ``SnapshotJSONValueDecoder``), read straight from the
/// parsed tokens. Values are checked as they
/// are read: a number must fit its type exactly (an integer type takes only integers), a `Bool`
/// is `true` or `false`, a missing member or a wrong kind is a `DecodingError` whose
/// description gives the byte offset.
@usableFromInline
final class SnapshotJSONDecoder {
    /// The parsed text.
    let tape: JSONTape
    /// The coding path of the value being decoded.
    private(set) var codingPath: [any CodingKey] = []

    /// A decoder of the values of `tape`.
    init(_ tape: JSONTape) {
        self.tape = tape
    }

    /// Decodes the `T` at token `index`, `key` being its coding key in the value around it.
    func decode<T: Decodable>(_: T.Type, at index: Int, key: @autoclosure () -> (any CodingKey)?) throws -> T {
        if T.self == Float.self { return try float(at: index, key()) as! T }
        if T.self == Double.self { return try double(at: index, key()) as! T }
        if T.self == Int.self { return try integer(Int.self, at: index, key()) as! T }
        if T.self == String.self { return try string(at: index, key()) as! T }
        let pushed = key()
        if let pushed { codingPath.append(pushed) }
        defer { if pushed != nil { codingPath.removeLast() } }
        return try T(from: SnapshotJSONValueDecoder(decoder: self, index: index))
    }

    // MARK: Scalars

    func isNull(at index: Int) -> Bool {
        tape.tokens[index].kind == .null
    }

    func bool(at index: Int, _ key: @autoclosure () -> (any CodingKey)?) throws -> Bool {
        switch tape.tokens[index].kind {
        case .true: return true
        case .false: return false
        default: throw mismatch(Bool.self, at: index, key())
        }
    }

    func string(at index: Int, _ key: @autoclosure () -> (any CodingKey)?) throws -> String {
        let kind = tape.tokens[index].kind
        guard kind == .string || kind == .escapedString else { throw mismatch(String.self, at: index, key()) }
        return tape.string(at: index)
    }

    @inline(__always)
    func float(at index: Int, _ key: @autoclosure () -> (any CodingKey)?) throws -> Float {
        try expectNumber(Float.self, at: index, key())
        guard let value = tape.float(at: index) else { throw outOfRange(Float.self, at: index, key()) }
        return value
    }

    @inline(__always)
    func double(at index: Int, _ key: @autoclosure () -> (any CodingKey)?) throws -> Double {
        try expectNumber(Double.self, at: index, key())
        guard let value = tape.double(at: index) else { throw outOfRange(Double.self, at: index, key()) }
        return value
    }

    func integer<T: FixedWidthInteger>(_: T.Type, at index: Int, _ key: @autoclosure () -> (any CodingKey)?) throws -> T {
        guard tape.tokens[index].kind == .integer else { throw mismatch(T.self, at: index, key()) }
        guard let value = tape.integer(at: index, as: T.self) else { throw outOfRange(T.self, at: index, key()) }
        return value
    }

    @inline(__always)
    private func expectNumber(_ type: Any.Type, at index: Int, _ key: @autoclosure () -> (any CodingKey)?) throws {
        let kind = tape.tokens[index].kind
        guard kind == .integer || kind == .number else { throw mismatch(type, at: index, key()) }
    }

    // MARK: Errors

    /// Throws a type mismatch unless token `index` is of `kind`.
    func expect(_ kind: JSONToken.Kind, at index: Int, _ key: @autoclosure () -> (any CodingKey)?) throws {
        guard tape.tokens[index].kind == kind else {
            throw mismatch(kind == .object ? [String: Int].self : [Int].self, at: index, key())
        }
    }

    /// The coding path of a value under `key`.
    func path(_ key: (any CodingKey)?) -> [any CodingKey] {
        key.map { codingPath + [$0] } ?? codingPath
    }

    func mismatch(_ type: Any.Type, at index: Int, _ key: @autoclosure () -> (any CodingKey)?) -> DecodingError {
        DecodingError.typeMismatch(type, DecodingError.Context(
            codingPath: path(key()), debugDescription: "expected \(type), found \(describe(index)) at byte \(tape.offset(of: index))"))
    }

    func outOfRange(_ type: Any.Type, at index: Int, _ key: @autoclosure () -> (any CodingKey)?) -> DecodingError {
        DecodingError.dataCorrupted(DecodingError.Context(
            codingPath: path(key()), debugDescription: "number at byte \(tape.offset(of: index)) does not fit in \(type)"))
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
