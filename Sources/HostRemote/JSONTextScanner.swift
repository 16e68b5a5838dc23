#if RemoteHost
import ECS
import Host

/// Reads JSON text from bytes, the decoding of the frames that carry actions. It accepts only
/// what it reads exactly as Foundation's `JSONDecoder` with ``JSONValue``'s rules would, and
/// answers nil for anything else (bad JSON, a duplicate key, a lone surrogate escape, a whole
/// number written with a fraction or an exponent, `-0`, nesting deeper than ``maxDepth``), so
/// the caller can hand those bytes to the decoder for its value or its error.
struct JSONTextScanner {
    /// The deepest nesting of arrays and objects read here.
    static let maxDepth = 64

    private let bytes: [UInt8]
    /// The next byte to read.
    private var index = 0

    /// A scanner at the start of `bytes`.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether only whitespace is left.
    mutating func atEnd() -> Bool {
        skipWhitespace()
        return index == bytes.count
    }

    /// Reads the `{` of an object; false when something else comes next.
    mutating func objectStart() -> Bool {
        consume(UInt8(ascii: "{"))
    }

    /// Reads the next member's key and its `:` (after a `,` unless `first`); nil when the
    /// object ends instead (its `}` read, `ended` set) or the text is not a key.
    mutating func key(first: Bool, ended: inout Bool) -> String? {
        if consume(UInt8(ascii: "}")) {
            ended = true
            return nil
        }
        guard first || consume(UInt8(ascii: ",")) else { return nil }
        guard let key = string(), consume(UInt8(ascii: ":")) else { return nil }
        return key
    }

    /// Reads a string.
    mutating func string() -> String? {
        guard consume(UInt8(ascii: "\"")) else { return nil }
        let start = index
        var plain = true
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let text = plain ? String(validating: bytes[start..<index], as: UTF8.self) : unescaped(bytes[start..<index])
                index += 1
                return text
            }
            if byte < 0x20 { return nil }
            if byte == UInt8(ascii: "\\") {
                plain = false
                index += 1  // the escaped byte cannot end the string
            }
            index += 1
        }
        return nil
    }

    /// Reads a non-negative whole number that fits `UInt64` (an action id).
    mutating func unsignedInteger() -> UInt64? {
        switch number() {
        case .int(let value)?: UInt64(exactly: value)
        case .uint(let value)?: value
        default: nil
        }
    }

    /// Reads any value, nested at most ``maxDepth`` deep below `depth`.
    mutating func value(depth: Int = 0) -> JSONValue? {
        skipWhitespace()
        guard index < bytes.count, depth < Self.maxDepth else { return nil }
        switch bytes[index] {
        case UInt8(ascii: "\""): return string().map(JSONValue.string)
        case UInt8(ascii: "["): return array(depth: depth).map(JSONValue.array)
        case UInt8(ascii: "{"):
            index += 1
            var members: [String: JSONValue] = [:]
            var ended = false
            while let key = key(first: members.isEmpty, ended: &ended) {
                guard let member = value(depth: depth + 1), members.updateValue(member, forKey: key) == nil else { return nil }
            }
            return ended ? .object(members) : nil
        case UInt8(ascii: "t"): return literal("true") ? .bool(true) : nil
        case UInt8(ascii: "f"): return literal("false") ? .bool(false) : nil
        case UInt8(ascii: "n"): return literal("null") ? .null : nil
        default: return number()
        }
    }

    /// Reads an array of values nested at most ``maxDepth`` deep below `depth`.
    mutating func array(depth: Int = 0) -> [JSONValue]? {
        guard consume(UInt8(ascii: "[")) else { return nil }
        var elements: [JSONValue] = []
        if consume(UInt8(ascii: "]")) { return elements }
        repeat {
            guard let element = value(depth: depth + 1) else { return nil }
            elements.append(element)
        } while consume(UInt8(ascii: ","))
        return consume(UInt8(ascii: "]")) ? elements : nil
    }

    /// Reads a number in JSON's syntax: an integer as `int` (or `uint` above `Int64.max`), a
    /// number with a fraction or an exponent as `double` when it is not whole; nil for `-0`,
    /// integers beyond `UInt64`, whole or infinite doubles (the decoder's rules decide those).
    private mutating func number() -> JSONValue? {
        skipWhitespace()
        let start = index
        let negative = consume(byte: UInt8(ascii: "-"))
        let integerStart = index
        guard skipDigits() else { return nil }
        // A leading zero stands alone.
        if bytes[integerStart] == UInt8(ascii: "0"), index - integerStart > 1 { return nil }
        var integral = true
        if consume(byte: UInt8(ascii: ".")) {
            integral = false
            guard skipDigits() else { return nil }
        }
        if consume(byte: UInt8(ascii: "e")) || consume(byte: UInt8(ascii: "E")) {
            integral = false
            _ = consume(byte: UInt8(ascii: "+")) || consume(byte: UInt8(ascii: "-"))
            guard skipDigits() else { return nil }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if integral {
            if negative {
                guard let value = Int64(text), value != 0 else { return nil }
                return .int(value)
            }
            return UInt64(text).map(JSONValue.init)
        }
        guard let value = Double(text), value.isFinite, value.rounded(.towardZero) != value else { return nil }
        return .double(value)
    }

    /// Skips one or more digits; false when there are none.
    private mutating func skipDigits() -> Bool {
        let start = index
        while index < bytes.count, bytes[index] >= UInt8(ascii: "0"), bytes[index] <= UInt8(ascii: "9") { index += 1 }
        return index > start
    }

    /// Reads `word` (`true`, `false`, `null`).
    private mutating func literal(_ word: String) -> Bool {
        let length = word.utf8.count
        guard index + length <= bytes.count else { return false }
        let matches = word.utf8.elementsEqual(bytes[index..<index + length])
        if matches { index += length }
        return matches
    }

    /// The text of a string body holding escapes; nil for a bad or surrogate `\u` escape or
    /// bytes that are not UTF-8.
    private func unescaped(_ body: ArraySlice<UInt8>) -> String? {
        var out: [UInt8] = []
        out.reserveCapacity(body.count)
        var position = body.startIndex
        while position < body.endIndex {
            let byte = body[position]
            position += 1
            guard byte == UInt8(ascii: "\\") else {
                out.append(byte)
                continue
            }
            let escape = body[position]
            position += 1
            switch escape {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                guard position + 4 <= body.endIndex, body[position..<position + 4].allSatisfy(\.isHexDigit),
                      let code = UInt16(String(decoding: body[position..<position + 4], as: UTF8.self), radix: 16),
                      let scalar = Unicode.Scalar(code)  // nil for a surrogate half
                else { return nil }
                position += 4
                out.append(contentsOf: String(Character(scalar)).utf8)
            default: return nil
            }
        }
        return String(validating: out, as: UTF8.self)
    }

    /// Skips whitespace, then reads `byte` if it is next.
    private mutating func consume(_ byte: UInt8) -> Bool {
        skipWhitespace()
        return consume(byte: byte)
    }

    /// Reads `byte` if it is exactly the next byte.
    private mutating func consume(byte: UInt8) -> Bool {
        guard index < bytes.count, bytes[index] == byte else { return false }
        index += 1
        return true
    }

    /// Skips JSON's whitespace: space, tab, line feed, carriage return.
    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): index += 1
            default: return
            }
        }
    }
}

extension UInt8 {
    /// Whether the byte is an ASCII hexadecimal digit.
    fileprivate var isHexDigit: Bool {
        (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(self) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(self)
            || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(self)
    }
}
#endif
