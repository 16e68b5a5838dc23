/// Streams `Encodable` values as JSON text into a ``JSONTextWriter``: components of a JSON
/// snapshot go out through their `Encodable` conformance with no tree in between.
///
/// Each object and array is written as its container is used and closed when the value
/// around it moves on, so a container must be written to while its value is the one being
/// encoded (as every synthesized and standard conformance does); writing to one after its
/// parent moved on is an `EncodingError`, not a misplaced value. An object's members come
/// out sorted by name, as Foundation's `.sortedKeys` writes them (members already written in
/// order cost one comparison each); a name given twice is an `EncodingError`. Non-finite
/// floating-point values, which JSON cannot hold, are an `EncodingError` too.
@usableFromInline
final class SnapshotJSONEncoder {
    /// The text written so far.
    var writer: JSONTextWriter
    /// The objects and arrays being written, outermost first.
    private var frames: [Frame] = []
    /// The coding path of the value being encoded.
    private(set) var codingPath: [any CodingKey] = []
    /// A misuse a non-throwing `Encoder` call found, thrown when the value is done.
    private var failure: EncodingError?

    /// An object or array being written.
    private struct Frame {
        let isObject: Bool
        /// Byte offset of its opening bracket.
        let start: Int
        /// Members or elements begun.
        var count = 0
        /// The last member name's bytes, inside its quotes.
        var name = 0..<0
        /// Whether the member names so far ascend.
        var sorted = true
        /// Byte offset of the last member or element's value, to fill an empty one with `{}`.
        var value = -1
    }

    /// An encoder that appends to `bytes`.
    init(appendingTo bytes: [UInt8] = []) {
        writer = JSONTextWriter(bytes: bytes)
    }

    /// Appends `value` as one JSON value.
    /// - Throws: The `EncodingError` of a value JSON cannot hold or of a misused container,
    ///   or what `value`'s conformance throws.
    func encode<T: Encodable>(_ value: T) throws {
        failure = nil
        try encodeValue(value)
        if let failure { throw failure }
    }

    /// Appends `value` at the current position, closing the containers it opens.
    func encodeValue<T: Encodable>(_ value: T) throws {
        if T.self == Float.self { return try write(value as! Float, nil) }
        if T.self == Double.self { return try write(value as! Double, nil) }
        if T.self == String.self { return writer.write(value as! String) }
        if T.self == Int.self { return writer.write(value as! Int) }
        let depth = frames.count
        let start = writer.count
        try value.encode(to: SnapshotJSONSlotEncoder(encoder: self, depth: depth, start: start))
        try close(downTo: depth)
        if writer.count == start { writer.append("{}") }
    }

    /// Appends a finite `Float`.
    func write(_ value: Float, _ key: (any CodingKey)?) throws {
        guard value.isFinite else { throw nonFinite(value, key) }
        writer.write(value)
    }

    /// Appends a finite `Double`.
    func write(_ value: Double, _ key: (any CodingKey)?) throws {
        guard value.isFinite else { throw nonFinite(value, key) }
        writer.write(value)
    }

    // MARK: Containers

    /// Opens an object or array for the value at (`depth`, `start`), or returns the one open
    /// there already; returns the container's identity (its bracket's offset), or -1 after
    /// recording a misuse.
    func openContainer(object: Bool, depth: Int, start: Int) -> Int {
        if depth < frames.count, frames[depth].start == start, frames[depth].isObject == object { return start }
        guard frames.count == depth, writer.count == start else {
            failure = misuse("a value asked for a second container after it wrote something else")
            return -1
        }
        writer.append(object ? UInt8(ascii: "{") : UInt8(ascii: "["))
        frames.append(Frame(isObject: object, start: start))
        return start
    }

    /// Opens an object or array as the next member or element of the container
    /// (`depth`, `start`); returns the nested container's identity, or -1 after recording a misuse.
    func openNested(object: Bool, in depth: Int, _ start: Int, name: String?) -> Int {
        do {
            try beginEntry(depth, start, name: name)
        } catch {
            failure = error
            return -1
        }
        return openContainer(object: object, depth: frames.count, start: writer.count)
    }

    /// The place of the next member or element of the container (`depth`, `start`), for a
    /// super encoder; one no container can use after recording a misuse.
    func nestedSlot(in depth: Int, _ start: Int, name: String?) -> SnapshotJSONSlotEncoder {
        do {
            try beginEntry(depth, start, name: name)
        } catch {
            failure = error
            return SnapshotJSONSlotEncoder(encoder: self, depth: frames.count, start: -1)
        }
        return SnapshotJSONSlotEncoder(encoder: self, depth: frames.count, start: writer.count)
    }

    /// Writes what comes before a member or element of the container (`depth`, `start`): the
    /// closing of containers nested in it, a comma, the member's name and colon.
    func beginEntry(_ depth: Int, _ start: Int, name: String?) throws(EncodingError) {
        guard depth < frames.count, frames[depth].start == start else {
            throw misuse("a container was written to after the value around it moved on")
        }
        try close(downTo: depth + 1)
        fillEmptyValue(depth)
        if frames[depth].count > 0 { writer.append(UInt8(ascii: ",")) }
        if let name {
            let nameStart = writer.count + 1
            writer.write(name)
            let written = nameStart..<(writer.count - 1)
            if frames[depth].count > 0 && frames[depth].sorted {
                let order = compare(frames[depth].name, written)
                if order == 0 { throw misuse("member \"\(name)\" is encoded twice") }
                frames[depth].sorted = order < 0
            }
            frames[depth].name = written
            writer.append(UInt8(ascii: ":"))
        }
        frames[depth].count += 1
        frames[depth].value = writer.count
    }

    /// Throws unless the single value at (`depth`, `start`) is still unwritten.
    func beginSingleValue(_ depth: Int, _ start: Int) throws(EncodingError) {
        guard frames.count == depth, writer.count == start else {
            throw misuse("a single value container was given a second value")
        }
    }

    /// The number of members or elements begun in the container (`depth`, `start`).
    func count(_ depth: Int, _ start: Int) -> Int {
        depth < frames.count && frames[depth].start == start ? frames[depth].count : 0
    }

    /// Runs `body` with `key` on the coding path.
    func with<R>(_ key: any CodingKey, _ body: () throws -> R) rethrows -> R {
        codingPath.append(key)
        defer { codingPath.removeLast() }
        return try body()
    }

    /// The order of the written bytes `a` and `b`: negative, zero or positive as `a` sorts
    /// before, equal to or after `b`. It reads them in place, without a copy of the text.
    private func compare(_ a: Range<Int>, _ b: Range<Int>) -> Int {
        for (x, y) in zip(a, b) where writer.bytes[x] != writer.bytes[y] {
            return writer.bytes[x] < writer.bytes[y] ? -1 : 1
        }
        return a.count - b.count
    }

    /// Closes the containers from the innermost down to `depth` frames.
    private func close(downTo depth: Int) throws(EncodingError) {
        while frames.count > depth {
            fillEmptyValue(frames.count - 1)
            let frame = frames.removeLast()
            if !frame.sorted { try sortMembers(from: frame.start) }
            writer.append(frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        }
    }

    /// Writes `{}` for a member or element whose value wrote nothing (an unused super encoder).
    private func fillEmptyValue(_ depth: Int) {
        if frames[depth].value == writer.count { writer.append("{}") }
    }

    /// Puts the members of the object whose `{` is at `start` (not yet closed) in name order.
    private func sortMembers(from start: Int) throws(EncodingError) {
        var members: [(text: Range<Int>, name: Range<Int>)] = []
        var memberStart = start + 1
        var nesting = 0
        var inString = false
        var position = start + 1
        var nameEnd = -1
        while position <= writer.count {
            let byte = position < writer.count ? writer.bytes[position] : UInt8(ascii: ",")
            if inString {
                if byte == UInt8(ascii: "\\") {
                    position += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                    if nesting == 0 && nameEnd < 0 { nameEnd = position }
                }
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): nesting += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"): nesting -= 1
                case UInt8(ascii: ",") where nesting == 0:
                    members.append((memberStart..<position, (memberStart + 1)..<nameEnd))
                    memberStart = position + 1
                    nameEnd = -1
                default: break
                }
            }
            position += 1
        }
        members.sort { compare($0.name, $1.name) < 0 }
        for (first, second) in zip(members, members.dropFirst()) where compare(first.name, second.name) == 0 {
            throw misuse("member \"\(String(decoding: writer.bytes[first.name], as: UTF8.self))\" is encoded twice")
        }
        var text: [UInt8] = []
        text.reserveCapacity(writer.count - start - 1)
        for (index, member) in members.enumerated() {
            if index > 0 { text.append(UInt8(ascii: ",")) }
            text.append(contentsOf: writer.bytes[member.text])
        }
        writer.bytes.replaceSubrange((start + 1)..<writer.count, with: text)
    }

    // MARK: Errors

    private func misuse(_ problem: String) -> EncodingError {
        EncodingError.invalidValue((), EncodingError.Context(codingPath: codingPath, debugDescription: problem))
    }

    private func nonFinite(_ value: Any, _ key: (any CodingKey)?) -> EncodingError {
        EncodingError.invalidValue(value, EncodingError.Context(
            codingPath: key.map { codingPath + [$0] } ?? codingPath, debugDescription: "\(value) cannot be written as a JSON number"))
    }
}
