/// The JSON form of a world snapshot (``SnapshotEncoding/json``), decoded into a
/// ``SnapshotImage`` with the schema found in the decoder's user info.
struct JSONSnapshotContents: Decodable {
    /// The user info key of the ``SnapshotSchema`` that decodes the components.
    static let schemaKey = CodingUserInfoKey(rawValue: "ecs.snapshot.schema")!

    /// The decoded snapshot.
    var image = SnapshotImage()

    init(from decoder: any Decoder) throws {
        guard let schema = decoder.userInfo[Self.schemaKey] as? SnapshotSchema else {
            throw ECSError(.invalidArgument, "a JSON snapshot decodes only through SnapshotSchema.load")
        }
        let container = try decoder.container(keyedBy: JSONSnapshotDocument.Key.self)
        let format = try container.decode(String.self, forKey: .format)
        guard format == JSONSnapshotDocument.format else {
            throw ECSError(.corruptSnapshot, "not a JSON world snapshot: its format is \"\(format)\", not \"\(JSONSnapshotDocument.format)\"")
        }
        let version = try container.decode(UInt16.self, forKey: .version)
        guard version == BinarySnapshotFormat.version else {
            throw ECSError(
                .corruptSnapshot,
                "snapshot format version \(version) is not supported (this build reads version \(BinarySnapshotFormat.version))")
        }
        let slots = try container.decode([JSONSnapshotDocument.Slot].self, forKey: .slots)
        image.generations = slots.map(\.generation)
        image.alive = slots.map(\.alive)
        image.free = try container.decode([UInt32].self, forKey: .free)
        image.pending = try container.decode([UInt32].self, forKey: .pending)
        let components = try container.nestedContainer(keyedBy: SnapshotCodingKey.self, forKey: .components)
        for key in components.allKeys.sorted(by: { $0.stringValue.utf8.lexicographicallyPrecedes($1.stringValue.utf8) }) {
            guard let codec = schema.codec(named: key.stringValue) else {
                throw ECSError(
                    .corruptSnapshot, "snapshot holds component \"\(key.stringValue)\", which the schema does not register",
                    metadata: ["component": key.stringValue])
            }
            var entries: any UnkeyedDecodingContainer = try components.nestedUnkeyedContainer(forKey: key)
            image.sections.append(try codec.decodeJSON(&entries))
        }
    }
}
