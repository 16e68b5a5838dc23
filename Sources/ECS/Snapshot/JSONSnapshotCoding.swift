/// The ``SnapshotEncoding/json`` form: the document written straight into the caller's byte
/// array by a ``JSONTextWriter`` (components through ``SnapshotJSONEncoder``), and read back
/// from a ``JSONTape`` (components through ``SnapshotJSONDecoder``).
///
/// The document's members, and those of every object in it, are sorted by name, so that
/// equal worlds give equal bytes. Members a snapshot does not define are ignored.
enum JSONSnapshotCoding {
    /// The `format` member that tells a snapshot from other JSON.
    static let format = "ecs-world-snapshot"

    /// Replaces the contents of `bytes` with the JSON snapshot of `world` over `codecs` (in
    /// name order), keeping the array's capacity; leaves it empty on error.
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` for a value that cannot be
    ///   written as JSON.
    static func encode(_ world: World, codecs: [SnapshotComponentCodec], into bytes: inout [UInt8]) throws(ECSError) {
        let encoder = SnapshotJSONEncoder()
        encoder.exchangeBytes(with: &bytes)
        defer { encoder.exchangeBytes(with: &bytes) }
        encoder.write { $0.bytes.removeAll(keepingCapacity: true) }
        do {
            try write(world, codecs: codecs, to: encoder)
        } catch {
            encoder.write { $0.bytes.removeAll(keepingCapacity: true) }
            throw error
        }
    }

    /// Writes the document.
    private static func write(_ world: World, codecs: [SnapshotComponentCodec], to encoder: SnapshotJSONEncoder) throws(ECSError) {
        encoder.write { $0.append(#"{"components":{"#) }
        var first = true
        for codec in codecs where world.hasSnapshotValues(of: codec.type) {
            encoder.write { writer in
                if !first { writer.append(UInt8(ascii: ",")) }
                writer.write(codec.name)
                writer.append(UInt8(ascii: ":"))
            }
            first = false
            try codec.encodeJSON(world, encoder)
        }
        let lists = world.snapshotFreeLists
        encoder.write { writer in
            writer.append(#"},"format":"#)
            writer.write(format)
            writer.append(#","free":"#)
            write(lists.free, to: &writer)
            writer.append(#","pending":"#)
            write(lists.pending, to: &writer)
            writer.append(#","slots":["#)
            var first = true
            world.forEachSnapshotSlot { generation, alive in
                if !first { writer.append(UInt8(ascii: ",")) }
                first = false
                writer.append(alive ? #"{"alive":true,"generation":"# : #"{"alive":false,"generation":"# as StaticString)
                writer.write(generation)
                writer.append(UInt8(ascii: "}"))
            }
            writer.append(#"],"version":"#)
            writer.write(BinarySnapshotFormat.version)
            writer.append(UInt8(ascii: "}"))
        }
    }

    /// Writes `indices` as a JSON array.
    private static func write(_ indices: [UInt32], to writer: inout JSONTextWriter) {
        writer.append(UInt8(ascii: "["))
        for (position, index) in indices.enumerated() {
            if position > 0 { writer.append(UInt8(ascii: ",")) }
            writer.write(index)
        }
        writer.append(UInt8(ascii: "]"))
    }

    /// The image of the JSON snapshot `bytes`.
    /// - Throws: ``ECSError/Code-swift.enum/corruptSnapshot`` for text that is not a JSON
    ///   snapshot this schema reads, saying what and where.
    static func decode(_ bytes: [UInt8], schema: SnapshotSchema) throws(ECSError) -> SnapshotImage {
        let tape = try JSONTape(parsing: bytes)
        guard tape.tokens[0].kind == .object else { throw ECSError(.corruptSnapshot, "not a JSON world snapshot: the document is not an object") }
        let formatToken = try member("format", of: 0, in: tape, what: "the document")
        guard tape.tokens[formatToken].kind == .string || tape.tokens[formatToken].kind == .escapedString else {
            throw ECSError(.corruptSnapshot, "not a JSON world snapshot: its format at byte \(tape.offset(of: formatToken)) is not a string")
        }
        let found = tape.string(at: formatToken)
        guard found == format else {
            throw ECSError(.corruptSnapshot, "not a JSON world snapshot: its format is \"\(found)\", not \"\(format)\"")
        }
        let version = try integer(UInt16.self, member: "version", of: 0, in: tape, what: "the document")
        guard version == BinarySnapshotFormat.version else {
            throw ECSError(
                .corruptSnapshot,
                "snapshot format version \(version) is not supported (this build reads version \(BinarySnapshotFormat.version))")
        }
        var image = SnapshotImage()
        let slots = try container(.array, member: "slots", of: 0, in: tape)
        image.generations.reserveCapacity(Int(tape.tokens[slots].count))
        image.alive.reserveCapacity(Int(tape.tokens[slots].count))
        try tape.forEachElement(of: slots) { (slot) throws(ECSError) in
            image.generations.append(try uint32(member: "generation", of: slot, in: tape, what: "a slot"))
            let alive = try member("alive", of: slot, in: tape, what: "a slot")
            switch tape.tokens[alive].kind {
            case .true: image.alive.append(true)
            case .false: image.alive.append(false)
            default: throw ECSError(.corruptSnapshot, "JSON snapshot slot \"alive\" at byte \(tape.offset(of: alive)) is not true or false")
            }
        }
        image.free = try indices(member: "free", in: tape)
        image.pending = try indices(member: "pending", in: tape)
        let components = try container(.object, member: "components", of: 0, in: tape)
        var sections: [(name: String, array: Int)] = []
        tape.forEachMember(of: components) { sections.append((tape.string(at: $0), $0 + 1)) }
        sections.sort { $0.name.utf8.lexicographicallyPrecedes($1.name.utf8) }
        let decoder = SnapshotJSONDecoder(tape)
        for (name, array) in sections {
            guard let codec = schema.codec(named: name) else {
                throw ECSError(
                    .corruptSnapshot, "snapshot holds component \"\(name)\", which the schema does not register",
                    metadata: ["component": name])
            }
            image.sections.append(try codec.decodeJSON(decoder, array))
        }
        return image
    }

    // MARK: Members of the document

    /// The token of member `name` of the object at token `object` (`what` names it).
    private static func member(_ name: String, of object: Int, in tape: JSONTape, what: @autoclosure () -> String) throws(ECSError) -> Int {
        guard tape.tokens[object].kind == .object else {
            throw ECSError(.corruptSnapshot, "JSON snapshot has \(what()) at byte \(tape.offset(of: object)) that is not an object")
        }
        guard let value = tape.member(name, of: object) else {
            throw ECSError(.corruptSnapshot, "JSON snapshot lacks \"\(name)\" in \(what()) at byte \(tape.offset(of: object))")
        }
        return value
    }

    /// The token of member `name` of the document, which must be a `kind` container.
    private static func container(_ kind: JSONToken.Kind, member name: String, of object: Int, in tape: JSONTape) throws(ECSError) -> Int {
        let value = try member(name, of: object, in: tape, what: "the document")
        guard tape.tokens[value].kind == kind else {
            throw ECSError(.corruptSnapshot, "JSON snapshot \"\(name)\" at byte \(tape.offset(of: value)) is not an \(kind == .array ? "array" : "object")")
        }
        return value
    }

    /// The `T` value of member `name` of the object at token `object`.
    private static func integer<T: FixedWidthInteger>(_: T.Type, member name: String, of object: Int, in tape: JSONTape, what: @autoclosure () -> String) throws(ECSError) -> T {
        try integer(T.self, at: try member(name, of: object, in: tape, what: what()), in: tape, name: name)
    }

    /// The `UInt32` value of member `name` of the object at token `object` (an entity index
    /// or generation).
    static func uint32(member name: String, of object: Int, in tape: JSONTape, what: @autoclosure () -> String) throws(ECSError) -> UInt32 {
        try integer(UInt32.self, member: name, of: object, in: tape, what: what())
    }

    /// The `T` at token `index`, the value of `name`.
    private static func integer<T: FixedWidthInteger>(_: T.Type, at index: Int, in tape: JSONTape, name: String) throws(ECSError) -> T {
        let token = tape.tokens[index]
        guard token.kind == .integer, let value = tape.integer(at: index, as: T.self) else {
            throw ECSError(.corruptSnapshot, "JSON snapshot \"\(name)\" at byte \(tape.offset(of: index)) is not an integer in 0...\(T.max)")
        }
        return value
    }

    /// The entity indices of the document's array member `name`.
    private static func indices(member name: String, in tape: JSONTape) throws(ECSError) -> [UInt32] {
        let array = try container(.array, member: name, of: 0, in: tape)
        var indices: [UInt32] = []
        indices.reserveCapacity(Int(tape.tokens[array].count))
        try tape.forEachElement(of: array) { (element) throws(ECSError) in indices.append(try integer(UInt32.self, at: element, in: tape, name: name)) }
        return indices
    }

    // MARK: Errors

    /// A one-line account of a coding error: its description, where it happened.
    static func describe(_ error: any Error) -> String {
        switch error {
        case let error as ECSError: return error.message
        case let DecodingError.dataCorrupted(context): return context.debugDescription + path(context.codingPath)
        case let DecodingError.keyNotFound(key, context):
            return "no member \"\(key.stringValue)\"\(path(context.codingPath)): \(context.debugDescription)"
        case let DecodingError.typeMismatch(_, context): return context.debugDescription + path(context.codingPath)
        case let DecodingError.valueNotFound(_, context): return context.debugDescription + path(context.codingPath)
        case let EncodingError.invalidValue(_, context): return context.debugDescription + path(context.codingPath)
        default: return "\(error)"
        }
    }

    /// ` (at a.b.3)` for a coding path, or nothing at the top level.
    private static func path(_ codingPath: [any CodingKey]) -> String {
        codingPath.isEmpty ? "" : " (at \(codingPath.map { $0.intValue.map { String($0) } ?? $0.stringValue }.joined(separator: ".")))"
    }
}
