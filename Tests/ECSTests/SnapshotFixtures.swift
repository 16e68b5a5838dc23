import ECS

/// A table component with a binary form.
struct Place: Equatable, Codable, SnapshotBinaryCodable {
    var x: Float, y: Float
    init(x: Float, y: Float) { self.x = x; self.y = y }
    func encode(to writer: inout SnapshotWriter) { writer.write(x); writer.write(y) }
    init(from reader: inout SnapshotReader) throws(ECSError) { x = try reader.read(); y = try reader.read() }
}

/// A table component saved through `Codable` only (JSON text inside binary snapshots).
struct Tag: Equatable, Codable { var label: String }

/// A sparse-set component with a binary form that rejects some bytes (a `Bool` byte above 1).
struct Dose: Equatable, Codable, SnapshotBinaryCodable, StorageDeclaring {
    static var storage: ComponentStorage { .sparseSet }
    var amount: Int32, lethal: Bool
    init(amount: Int32, lethal: Bool) { self.amount = amount; self.lethal = lethal }
    func encode(to writer: inout SnapshotWriter) { writer.write(amount); writer.write(lethal) }
    init(from reader: inout SnapshotReader) throws(ECSError) { amount = try reader.read(); lethal = try reader.read() }
}

/// A component no schema registers.
struct Unsaved: Equatable { var value: Int }

/// Worlds and schemas the snapshot tests share.
enum SnapshotFixtures {
    /// `Place`, `Tag` and `Dose` under their own names.
    static func schema() throws -> SnapshotSchema {
        var schema = SnapshotSchema()
        try schema.register(Place.self, name: "Place")
        try schema.register(Tag.self, name: "Tag")
        try schema.register(Dose.self, name: "Dose")
        return schema
    }

    /// A world whose history leaves every kind of slot: live entities of several component
    /// sets (table and sparse, one with no component, one with an unsaved one), ids reused
    /// with bumped generations, ids freed by a compaction and ids destroyed since; returns
    /// it with its live entities and some stale ids.
    static func busyWorld() throws -> (world: World, live: [Entity], stale: [Entity]) {
        let world = World()
        var live: [Entity] = []
        var stale: [Entity] = []
        for i in 0..<12 {
            let entity = try world.spawn(Place(x: Float(i), y: -Float(i)))
            if i % 3 == 0 { try world.insert(Tag(label: "tag \(i)"), into: entity) }
            if i % 4 == 0 { try world.insert(Dose(amount: Int32(i), lethal: i % 8 == 0), into: entity) }
            live.append(entity)
        }
        live.append(try world.spawn())
        live.append(try world.spawn(Tag(label: "only a tag"), Unsaved(value: 7)))
        for index in [1, 4, 6] {
            try world.destroy(live[index])
            stale.append(live[index])
        }
        world.compact()
        let reused = try world.spawn(Place(x: 100, y: 100), Tag(label: "reused"))
        live.append(reused)
        for index in [2, 9] {
            try world.destroy(live[index])
            stale.append(live[index])
        }
        live.removeAll { stale.contains($0) }
        return (world, live, stale)
    }
}
