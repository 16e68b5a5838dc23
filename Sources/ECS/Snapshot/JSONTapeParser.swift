/// The strict RFC 8259 parser behind ``JSONTape``: one pass over the bytes, no recursion,
/// producing a token per value. It refuses anything else than exactly one JSON value with
/// optional whitespace around it: bad UTF-8, unescaped control characters, unknown escapes,
/// lone surrogates, numbers outside the grammar (leading zeros, a bare `.`, `+1`),
/// nesting deeper than ``maximumDepth`` and trailing text, each with the byte offset.
struct JSONTapeParser {
    /// The deepest nesting of objects and arrays a snapshot may use.
    static let maximumDepth = 128

    private let bytes: [UInt8]
    private var position = 0
    private var tokens: [JSONToken] = []
    /// The token indices of the objects and arrays not closed yet, outermost first.
    private var open: [Int] = []

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The tokens of the text, in document order.
    /// - Throws: ``ECSError/Code-swift.enum/corruptSnapshot`` naming the first problem and
    ///   its byte offset.
    mutating func parse() throws(ECSError) -> [JSONToken] {
        guard bytes.count < Int(UInt32.max) else {
            throw ECSError(.corruptSnapshot, "JSON snapshot of \(bytes.count) bytes exceeds the \(UInt32.max - 1) bytes a JSON snapshot may have")
        }
        tokens.reserveCapacity(bytes.count / 4)
        var expectingValue = true
        while true {
            skipWhitespace()
            if expectingValue {
                expectingValue = try value()
                continue
            }
            guard let container = open.last else {
                guard position == bytes.count else { throw failure("text after the JSON value", at: position) }
                return tokens
            }
            let isObject = tokens[container].kind == .object
            guard position < bytes.count else { throw failure(isObject ? "unterminated object" : "unterminated array", at: position) }
            switch bytes[position] {
            case UInt8(ascii: ","):
                position += 1
                tokens[container].count += 1
                if isObject { try memberName() }
                expectingValue = true
            case UInt8(ascii: "}") where isObject, UInt8(ascii: "]") where !isObject:
                position += 1
                close()
            default:
                throw failure(isObject ? "expected ',' or '}'" : "expected ',' or ']'", at: position)
            }
        }
    }

    /// Reads the value at the position; returns whether a value must follow (the first
    /// element or member value of a container it opened).
    private mutating func value() throws(ECSError) -> Bool {
        guard position < bytes.count else { throw failure("the text ends where a value should start", at: position) }
        switch bytes[position] {
        case UInt8(ascii: "{"):
            try openContainer(.object)
            skipWhitespace()
            if position < bytes.count && bytes[position] == UInt8(ascii: "}") {
                position += 1
                close()
                return false
            }
            tokens[open[open.count - 1]].count = 1
            try memberName()
            return true
        case UInt8(ascii: "["):
            try openContainer(.array)
            skipWhitespace()
            if position < bytes.count && bytes[position] == UInt8(ascii: "]") {
                position += 1
                close()
                return false
            }
            tokens[open[open.count - 1]].count = 1
            return true
        case UInt8(ascii: "\""): try string()
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): try number()
        case UInt8(ascii: "t"): try literal("true", .true)
        case UInt8(ascii: "f"): try literal("false", .false)
        case UInt8(ascii: "n"): try literal("null", .null)
        default: throw failure("expected a value", at: position)
        }
        return false
    }

    /// Reads a member name and its colon.
    private mutating func memberName() throws(ECSError) {
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { throw failure("expected a member name", at: position) }
        try string()
        skipWhitespace()
        guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw failure("expected ':'", at: position) }
        position += 1
    }

    private mutating func openContainer(_ kind: JSONToken.Kind) throws(ECSError) {
        guard open.count < Self.maximumDepth else {
            throw failure("objects and arrays nested deeper than \(Self.maximumDepth) levels", at: position)
        }
        open.append(tokens.count)
        tokens.append(JSONToken(kind: kind, start: offset(position), end: 0, count: 0))
        position += 1
    }

    private mutating func close() {
        tokens[open.removeLast()].end = offset(tokens.count)
    }

    /// Reads a string from its opening quote, checking its escapes and UTF-8.
    @inline(__always)
    private mutating func string() throws(ECSError) {
        let opening = position
        position += 1
        var escaped = false
        while true {
            guard position < bytes.count else { throw failure("unterminated string", at: opening) }
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                tokens.append(JSONToken(kind: escaped ? .escapedString : .string, start: offset(opening + 1), end: offset(position), count: 0))
                position += 1
                return
            case UInt8(ascii: "\\"):
                escaped = true
                try escape()
            case 0..<0x20:
                throw failure("unescaped control character \(byte) in a string", at: position)
            case 0x80...:
                position += try utf8Sequence()
            default:
                position += 1
                while position < bytes.count, case let next = bytes[position], next >= 0x20, next < 0x80,
                      next != UInt8(ascii: "\""), next != UInt8(ascii: "\\") {
                    position += 1
                }
            }
        }
    }

    /// Checks the escape at the position (its backslash) and moves past it.
    private mutating func escape() throws(ECSError) {
        let start = position
        guard position + 1 < bytes.count else { throw failure("unterminated string", at: start) }
        switch bytes[position + 1] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
             UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 2
        case UInt8(ascii: "u"):
            let unit = try hexUnit(at: position + 2)
            position += 6
            switch unit {
            case 0xD800...0xDBFF:
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u"),
                      (0xDC00...0xDFFF).contains(try hexUnit(at: position + 2))
                else { throw failure("lone high surrogate escape", at: start) }
                position += 6
            case 0xDC00...0xDFFF:
                throw failure("lone low surrogate escape", at: start)
            default:
                break
            }
        default:
            throw failure("invalid escape", at: start)
        }
    }

    /// The UTF-16 unit of the four hexadecimal digits at `offset`.
    private func hexUnit(at offset: Int) throws(ECSError) -> UInt16 {
        guard offset + 4 <= bytes.count else { throw failure("truncated \\u escape", at: offset - 2) }
        var unit: UInt16 = 0
        for byte in bytes[offset..<(offset + 4)] {
            guard let digit = JSONTape.hexValue(byte) else { throw failure("invalid \\u escape", at: offset - 2) }
            unit = unit << 4 | UInt16(digit)
        }
        return unit
    }

    /// The length of the well-formed UTF-8 sequence of two to four bytes at the position.
    private func utf8Sequence() throws(ECSError) -> Int {
        let lead = bytes[position]
        let length: Int
        var second: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; second = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; second = 0x80...0x9F
        case 0xF0: length = 4; second = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; second = 0x80...0x8F
        default: throw failure("invalid UTF-8 byte \(lead)", at: position)
        }
        guard position + length <= bytes.count, second.contains(bytes[position + 1]),
              bytes[(position + 2)..<(position + length)].allSatisfy({ (0x80...0xBF).contains($0) })
        else { throw failure("invalid UTF-8 sequence", at: position) }
        return length
    }

    /// Reads a number: `-`? (`0` | `[1-9][0-9]*`) (`.` `[0-9]+`)? (`[eE]` `[+-]`? `[0-9]+`)?.
    @inline(__always)
    private mutating func number() throws(ECSError) {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard position < bytes.count, isDigit(bytes[position]) else { throw failure("invalid number", at: start) }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else {
            skipDigits()
        }
        var kind = JSONToken.Kind.integer
        if position < bytes.count && bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard position < bytes.count, isDigit(bytes[position]) else { throw failure("invalid number: no digit after '.'", at: start) }
            skipDigits()
            kind = .number
        }
        if position < bytes.count && (bytes[position] | 0x20) == UInt8(ascii: "e") {
            position += 1
            if position < bytes.count && (bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")) { position += 1 }
            guard position < bytes.count, isDigit(bytes[position]) else { throw failure("invalid number: no digit in the exponent", at: start) }
            skipDigits()
            kind = .number
        }
        tokens.append(JSONToken(kind: kind, start: offset(start), end: offset(position), count: 0))
    }

    /// A byte offset or token index as a token stores it: `parse()` refuses a text of
    /// `UInt32.max` bytes or more, and each token takes at least one byte, so both fit.
    @inline(__always)
    private func offset(_ value: Int) -> UInt32 {
        UInt32(truncatingIfNeeded: value)
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    @inline(__always)
    private mutating func skipDigits() {
        while position < bytes.count && isDigit(bytes[position]) { position += 1 }
    }

    /// Reads `true`, `false` or `null`.
    private mutating func literal(_ text: StaticString, _ kind: JSONToken.Kind) throws(ECSError) {
        let length = text.utf8CodeUnitCount
        // SAFETY: a static string's UTF-8 buffer is valid for the program's life.
        let expected = unsafe UnsafeBufferPointer(start: text.utf8Start, count: length)
        guard position + length <= bytes.count, unsafe bytes[position..<(position + length)].elementsEqual(expected) else {
            throw failure("expected a value", at: position)
        }
        tokens.append(JSONToken(kind: kind, start: offset(position), end: offset(position + length), count: 0))
        position += length
    }

    /// Moves past spaces, tabs and line breaks (a compact document has none: one compare).
    @inline(__always)
    private mutating func skipWhitespace() {
        while position < bytes.count && bytes[position] <= 0x20 {
            switch bytes[position] {
            case 0x20, 0x0A, 0x0D, 0x09: position += 1
            default: return
            }
        }
    }

    /// A corrupt-snapshot error for `problem` at byte `offset`.
    private func failure(_ problem: String, at offset: Int) -> ECSError {
        ECSError(.corruptSnapshot, "not valid JSON: \(problem) at byte \(offset)")
    }
}
