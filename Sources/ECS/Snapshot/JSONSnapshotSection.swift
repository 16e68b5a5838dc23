/// The JSON form of one component type's values in a snapshot: an array of
/// `{"entity": <index>, "value": <the component's Codable form>}` in ascending index order.
@usableFromInline
enum JSONSnapshotSection {
    /// Writes the entries of `world`'s `C` components.
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` for a value that cannot be
    ///   written as JSON.
    @usableFromInline
    static func write<C: Encodable>(_: C.Type, of world: World, name: String, to encoder: SnapshotJSONEncoder) throws(ECSError) {
        encoder.write { $0.append(UInt8(ascii: "[")) }
        var first = true
        _ = try world.forEachSnapshotValue(C.self) { (index, value) throws(ECSError) in
            let prefix: StaticString = first ? #"{"entity":"# : #"},{"entity":"#
            first = false
            encoder.write { writer in
                writer.append(prefix)
                writer.write(index)
                writer.append(#","value":"#)
            }
            do {
                try encoder.encode(value)
            } catch {
                throw ECSError(.invalidArgument, "component \"\(name)\" of entity index \(index) cannot be saved as JSON: \(JSONSnapshotCoding.describe(error))")
            }
        }
        encoder.write { $0.append(first ? "]" : "}]" as StaticString) }
    }

    /// Reads the entries of the array at token `array` into a staged section of `C` values.
    /// - Throws: ``ECSError/Code-swift.enum/corruptSnapshot`` for entries of the wrong shape
    ///   or values that do not decode, naming the component in the `component` metadata.
    @usableFromInline
    static func read<C: Decodable>(_: C.Type, name: String, array: Int, from decoder: SnapshotJSONDecoder) throws(ECSError) -> any StagedComponents {
        let tape = decoder.tape
        guard tape.tokens[array].kind == .array else {
            throw ECSError(.corruptSnapshot, "JSON snapshot component \"\(name)\" at byte \(tape.offset(of: array)) is not an array of entries", metadata: ["component": name])
        }
        var section = StagedSection<C>(name: name, capacity: Int(tape.tokens[array].count))
        try tape.forEachElement(of: array) { (entry) throws(ECSError) in
            let entity = try JSONSnapshotCoding.uint32(member: "entity", of: entry, in: tape, what: "a \"\(name)\" entry")
            guard let value = tape.member("value", of: entry) else {
                throw ECSError(.corruptSnapshot, "JSON snapshot \"\(name)\" entry at byte \(tape.offset(of: entry)) lacks \"value\"", metadata: ["component": name])
            }
            do {
                section.append(try decoder.decode(C.self, at: value, key: nil), of: entity)
            } catch {
                throw ECSError(
                    .corruptSnapshot, "component \"\(name)\" of entity index \(entity) does not decode: \(JSONSnapshotCoding.describe(error))",
                    metadata: ["component": name])
            }
        }
        return section
    }
}
