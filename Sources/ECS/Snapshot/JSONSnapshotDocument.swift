/// The JSON form of a world snapshot (``SnapshotEncoding/json``), for encoding: the world's
/// slots and lists, then each registered component type with values, in name order.
struct JSONSnapshotDocument: Encodable {
    /// The `format` member that tells a snapshot from other JSON.
    static let format = "ecs-world-snapshot"

    let world: World
    let codecs: [SnapshotComponentCodec]

    /// One slot: `{"generation": g, "alive": a}`.
    struct Slot: Codable {
        var generation: UInt32
        var alive: Bool
    }

    enum Key: String, CodingKey {
        case format, version, slots, free, pending, components
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(Self.format, forKey: .format)
        try container.encode(BinarySnapshotFormat.version, forKey: .version)
        var slots: [Slot] = []
        world.forEachSnapshotSlot { slots.append(Slot(generation: $0, alive: $1)) }
        try container.encode(slots, forKey: .slots)
        let lists = world.snapshotFreeLists
        try container.encode(lists.free, forKey: .free)
        try container.encode(lists.pending, forKey: .pending)
        var components = container.nestedContainer(keyedBy: SnapshotCodingKey.self, forKey: .components)
        for codec in codecs where world.hasSnapshotValues(of: codec.type) {
            var entries: any UnkeyedEncodingContainer = components.nestedUnkeyedContainer(forKey: SnapshotCodingKey(stringValue: codec.name))
            try codec.encodeJSON(world, &entries)
        }
    }
}
