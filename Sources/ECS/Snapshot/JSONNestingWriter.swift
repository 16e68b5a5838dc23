/// JSON text with the objects and arrays still open: what ``SnapshotJSONEncoder`` writes its
/// containers through. A container is known by its depth and the offset of its bracket, so a
/// stale one (closed, and perhaps followed by another at its depth) is recognised. An
/// object's members are put in name order when it closes, unless they came in order.
///
/// A value type, so that an encoder call is one access to it and not one per field.
struct JSONNestingWriter {
    /// The text.
    var writer = JSONTextWriter()
    /// The objects and arrays being written, outermost first.
    private var frames: [Frame] = []

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

    /// The depth and byte offset a value written now starts at.
    var position: (depth: Int, start: Int) { (frames.count, writer.count) }

    /// Opens an object or array for the value at (`depth`, `start`), or finds the one open
    /// there already; returns the container's bracket offset, or nil when the value wrote
    /// something else.
    mutating func openContainer(object: Bool, depth: Int, start: Int) -> Int? {
        if depth < frames.count, frames[depth].start == start, frames[depth].isObject == object { return start }
        guard frames.count == depth, writer.count == start else { return nil }
        writer.append(object ? UInt8(ascii: "{") : UInt8(ascii: "["))
        frames.append(Frame(isObject: object, start: start))
        return start
    }

    /// Writes what comes before a member or element of the container (`depth`, `start`): the
    /// closing of containers nested in it, a comma, the member's name and colon.
    mutating func beginEntry(_ depth: Int, _ start: Int, name: String?) throws(EncodingError) {
        guard depth < frames.count, frames[depth].start == start else {
            throw Self.misuse("a container was written to after the value around it moved on")
        }
        if frames.count > depth + 1 { try close(downTo: depth + 1) }
        let count = frames[depth].count
        if count > 0 {
            if frames[depth].value == writer.count { writer.append("{}") }
            writer.append(UInt8(ascii: ","))
        }
        if let name {
            let nameStart = writer.count + 1
            writer.write(name)
            let written = nameStart..<(writer.count - 1)
            if count > 0 && frames[depth].sorted {
                let order = compare(frames[depth].name, written)
                if order == 0 { throw Self.misuse("member \"\(name)\" is encoded twice") }
                frames[depth].sorted = order < 0
            }
            frames[depth].name = written
            writer.append(UInt8(ascii: ":"))
        }
        frames[depth].count = count + 1
        frames[depth].value = writer.count
    }

    /// Writes a member or element of the container (`depth`, `start`) whose value `write`
    /// appends.
    mutating func entry(_ depth: Int, _ start: Int, name: String?, _ write: (inout JSONTextWriter) -> Void) throws(EncodingError) {
        try beginEntry(depth, start, name: name)
        write(&writer)
    }

    /// Whether the single value at (`depth`, `start`) is still unwritten.
    func isEmpty(_ depth: Int, _ start: Int) -> Bool {
        frames.count == depth && writer.count == start
    }

    /// The number of members or elements begun in the container (`depth`, `start`).
    func count(_ depth: Int, _ start: Int) -> Int {
        depth < frames.count && frames[depth].start == start ? frames[depth].count : 0
    }

    /// Closes the containers from the innermost down to `depth` of them; writes `{}` for a
    /// value that wrote nothing if it starts at `start`.
    mutating func close(downTo depth: Int, emptyValueAt start: Int = -1) throws(EncodingError) {
        while frames.count > depth {
            fillEmptyValue(frames.count - 1)
            let frame = frames.removeLast()
            if !frame.sorted { try sortMembers(from: frame.start) }
            writer.append(frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        }
        if writer.count == start { writer.append("{}") }
    }

    /// Writes `{}` for a member or element whose value wrote nothing (an unused super encoder).
    private mutating func fillEmptyValue(_ depth: Int) {
        if frames[depth].value == writer.count { writer.append("{}") }
    }

    /// The order of the written bytes `a` and `b`: negative, zero or positive as `a` sorts
    /// before, equal to or after `b`. It reads them in place, without a copy of the text.
    private func compare(_ a: Range<Int>, _ b: Range<Int>) -> Int {
        for (x, y) in zip(a, b) where writer.bytes[x] != writer.bytes[y] {
            return writer.bytes[x] < writer.bytes[y] ? -1 : 1
        }
        return a.count - b.count
    }

    /// Puts the members of the object whose `{` is at `start` (not yet closed) in name order.
    private mutating func sortMembers(from start: Int) throws(EncodingError) {
        var members: [(text: Range<Int>, name: Range<Int>)] = []
        var memberStart = start + 1
        var nesting = 0
        var inString = false
        var nameEnd = -1
        var position = start + 1
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
            throw Self.misuse("member \"\(String(decoding: writer.bytes[first.name], as: UTF8.self))\" is encoded twice")
        }
        var text: [UInt8] = []
        text.reserveCapacity(writer.count - start - 1)
        for (index, member) in members.enumerated() {
            if index > 0 { text.append(UInt8(ascii: ",")) }
            text.append(contentsOf: writer.bytes[member.text])
        }
        writer.bytes.replaceSubrange((start + 1)..<writer.count, with: text)
    }

    /// The error of a misused container (the encoder adds the coding path).
    static func misuse(_ problem: String) -> EncodingError {
        EncodingError.invalidValue((), EncodingError.Context(codingPath: [], debugDescription: problem))
    }
}
