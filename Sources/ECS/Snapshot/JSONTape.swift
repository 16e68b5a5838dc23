/// A parsed JSON text: its bytes and one ``JSONToken`` per value, in document order, which
/// the JSON snapshot loader and ``SnapshotJSONDecoder`` walk without parsing again. Member
/// names are unique in every object (a name given twice is refused, since a snapshot has no
/// use for it and readers disagree on which one counts).
///
/// A class, so that the decoders share one tape without copying its arrays' references.
final class JSONTape {
    /// The text.
    let bytes: [UInt8]
    /// The values, in document order.
    let tokens: [JSONToken]

    /// Parses `bytes`, which must hold exactly one JSON value.
    /// - Throws: ``ECSError/Code-swift.enum/corruptSnapshot`` naming the problem and its byte
    ///   offset.
    init(parsing bytes: [UInt8]) throws(ECSError) {
        var parser = JSONTapeParser(bytes)
        self.bytes = bytes
        tokens = try parser.parse()
        for index in tokens.indices where tokens[index].kind == .object && tokens[index].count > 1 {
            try checkDistinctNames(of: index)
        }
    }

    /// The byte offset of token `index`, for messages.
    @inline(__always)
    func offset(of index: Int) -> Int {
        Int(tokens[index].start)
    }

    /// The index of the token after token `index` and everything inside it.
    @inline(__always)
    func next(after index: Int) -> Int {
        let token = tokens[index]
        return token.kind == .object || token.kind == .array ? Int(token.end) : index + 1
    }

    /// The token index of the value of member `name` in object `object`, if it has one.
    func member(_ name: String, of object: Int) -> Int? {
        var name = name
        return name.withUTF8 { name in
            var key = object + 1
            for _ in 0..<tokens[object].count {
                // SAFETY: the name's UTF-8 buffer is read only inside the closure.
                if unsafe string(at: key, equals: name) { return key + 1 }
                key = next(after: key + 1)
            }
            return nil
        }
    }

    /// Calls `body` with the token index of each member name of object `object` (its value is
    /// the next token), in document order.
    func forEachMember<E: Error>(of object: Int, _ body: (Int) throws(E) -> Void) throws(E) {
        var key = object + 1
        for _ in 0..<tokens[object].count {
            try body(key)
            key = next(after: key + 1)
        }
    }

    /// Calls `body` with the token index of each element of array `array`, in order.
    func forEachElement<E: Error>(of array: Int, _ body: (Int) throws(E) -> Void) throws(E) {
        var element = array + 1
        for _ in 0..<tokens[array].count {
            try body(element)
            element = next(after: element)
        }
    }

    /// Whether string token `index` holds exactly the UTF-8 `text`, which must stay valid
    /// for the call.
    @unsafe
    private func string(at index: Int, equals text: UnsafeBufferPointer<UInt8>) -> Bool {
        let token = tokens[index]
        // SAFETY: the caller keeps `text` valid; a plain string token's bytes lie inside `bytes`.
        guard token.kind == .string else { return unsafe decodedBytes(at: index).elementsEqual(text) }
        guard Int(token.end - token.start) == text.count else { return false }
        return unsafe bytes.withUnsafeBufferPointer { bytes in
            let start = Int(token.start)
            for offset in text.indices where unsafe bytes[start &+ offset] != text[offset] { return false }
            return true
        }
    }

    /// The text of string token `index`.
    func string(at index: Int) -> String {
        let token = tokens[index]
        guard token.kind == .string else { return String(decoding: decodedBytes(at: index), as: UTF8.self) }
        return String(decoding: bytes[Int(token.start)..<Int(token.end)], as: UTF8.self)
    }

    /// The `Float` nearest to number token `index`, or nil beyond `Float`'s range.
    @inline(__always)
    func float(at index: Int) -> Float? {
        JSONNumberReader.float(bytes, Int(tokens[index].start)..<Int(tokens[index].end))
    }

    /// The `Double` nearest to number token `index`, or nil beyond `Double`'s range.
    @inline(__always)
    func double(at index: Int) -> Double? {
        JSONNumberReader.double(bytes, Int(tokens[index].start)..<Int(tokens[index].end))
    }

    /// The `T` of integer token `index`, or nil when it does not fit.
    func integer<T: FixedWidthInteger>(at index: Int, as _: T.Type) -> T? {
        JSONNumberReader.integer(bytes, Int(tokens[index].start)..<Int(tokens[index].end), as: T.self)
    }

    /// The UTF-8 text of string token `index`, its escapes resolved (the parser checked them).
    func decodedBytes(at index: Int) -> [UInt8] {
        let token = tokens[index]
        var text: [UInt8] = []
        text.reserveCapacity(Int(token.end - token.start))
        var position = Int(token.start)
        while position < Int(token.end) {
            let byte = bytes[position]
            guard byte == UInt8(ascii: "\\") else {
                text.append(byte)
                position += 1
                continue
            }
            let escape = bytes[position + 1]
            position += 2
            switch escape {
            case UInt8(ascii: "b"): text.append(0x08)
            case UInt8(ascii: "f"): text.append(0x0C)
            case UInt8(ascii: "n"): text.append(0x0A)
            case UInt8(ascii: "r"): text.append(0x0D)
            case UInt8(ascii: "t"): text.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = UInt32(hexUnit(at: position))
                position += 4
                if (0xD800...0xDBFF).contains(scalar) {
                    scalar = 0x10000 + (scalar - 0xD800) << 10 + (UInt32(hexUnit(at: position + 2)) - 0xDC00)
                    position += 6
                }
                UTF8.encode(Unicode.Scalar(scalar) ?? "\u{FFFD}") { text.append($0) }
            default: text.append(escape)
            }
        }
        return text
    }

    /// The UTF-16 unit of four hexadecimal digits the parser checked.
    private func hexUnit(at offset: Int) -> UInt16 {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 4 | UInt16(Self.hexValue($1) ?? 0) }
    }

    /// The value of a hexadecimal digit.
    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Throws if two members of object `object` have the same name: pairwise for small
    /// objects, through a set for large ones.
    private func checkDistinctNames(of object: Int) throws(ECSError) {
        let count = Int(tokens[object].count)
        guard count > 16 else {
            var name = object + 1
            for position in 0..<count {
                var other = object + 1
                for _ in 0..<position {
                    if sameName(name, other) { throw duplicate(name) }
                    other = next(after: other + 1)
                }
                name = next(after: name + 1)
            }
            return
        }
        var seen = Set<[UInt8]>()
        try forEachMember(of: object) { (name) throws(ECSError) in
            guard seen.insert(decodedBytes(at: name)).inserted else { throw duplicate(name) }
        }
    }

    /// Whether string tokens `a` and `b` hold the same text.
    private func sameName(_ a: Int, _ b: Int) -> Bool {
        let second = tokens[b]
        guard second.kind == .string else { return decodedBytes(at: a) == decodedBytes(at: b) }
        // SAFETY: a plain string token's bytes lie inside `bytes`, read only inside the closure.
        return unsafe bytes.withUnsafeBufferPointer { all in
            unsafe string(at: a, equals: UnsafeBufferPointer(rebasing: all[Int(second.start)..<Int(second.end)]))
        }
    }

    private func duplicate(_ name: Int) -> ECSError {
        ECSError(.corruptSnapshot, "not a valid JSON snapshot: member name \"\(string(at: name))\" repeats in one object at byte \(offset(of: name) - 1)")
    }
}
