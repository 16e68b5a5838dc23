import Testing
@testable import ECS

/// The world's raw accesses reach exactly the rows they claim: repeated spawns over reclaimed
/// dead rows, survivors relocated by `retain`, chunk entity views and per-type resource slots.
/// A debug build also runs the row asserts on every path below.
@Suite struct RawAccessTests {
    /// Spawning copies of one bundle over dead rows fills every new row (plain-bits and
    /// reference-owning columns alike) and leaves the survivors' values untouched.
    @Test func repeatedSpawnOverDeadRowsKeepsEveryValue() throws {
        let world = World()
        let originals = try world.spawn(count: 10) { i in (Position(x: Float(i), y: 0), Name(text: "e\(i)")) }
        for entity in originals where entity.index % 3 == 0 { try world.destroy(entity) }
        let copies = try world.spawnRepeating(count: 6, Position(x: -1, y: 2), Name(text: "copy"))
        #expect(world.entityCount == 6 + 6)
        for entity in copies {
            #expect(try world.get(Position.self, of: entity) == Position(x: -1, y: 2))
            #expect(try world.get(Name.self, of: entity) == Name(text: "copy"))
        }
        for (i, entity) in originals.enumerated() where entity.index % 3 != 0 {
            #expect(try world.get(Position.self, of: entity) == Position(x: Float(i), y: 0))
            #expect(try world.get(Name.self, of: entity) == Name(text: "e\(i)"))
        }
    }

    /// After `retain` every survivor still resolves to its own values, in any table.
    @Test func retainRelocatesEverySurvivor() throws {
        let world = World()
        let plain = try world.spawn(count: 40) { i in (Health(value: i), Name(text: "p\(i)")) }
        let moved = try world.spawn(count: 20) { i in (Health(value: 100 + i), Name(text: "m\(i)"), Position(x: 0, y: 0)) }
        let destroyed = try world.retain(Health.self) { $0.value % 3 == 1 }
        #expect(destroyed == 60 - 13 - 7)
        for (i, entity) in plain.enumerated() {
            #expect(world.isAlive(entity) == (i % 3 == 1))
            if i % 3 == 1 { #expect(try world.get(Name.self, of: entity) == Name(text: "p\(i)")) }
        }
        for (i, entity) in moved.enumerated() {
            #expect(world.isAlive(entity) == ((100 + i) % 3 == 1))
            if (100 + i) % 3 == 1 { #expect(try world.get(Health.self, of: entity) == Health(value: 100 + i)) }
        }
    }

    /// The entities a chunk lends are the matched live rows, in the order the per-entity loop
    /// visits them, and its count is the number of its rows.
    @Test func chunkEntitiesAreTheLiveRowsOfTheirTable() throws {
        let world = World()
        let first = try world.spawn(count: 5) { i in Health(value: i) }
        let second = try world.spawn(count: 3) { i in (Health(value: i), Position(x: 0, y: 0)) }
        try world.destroy(first[1])
        let query = try world.query(Read<Health>.self)
        var fromChunks: [Entity] = []
        try query.forEachChunk { chunk, health in
            #expect(chunk.count == health.count)
            fromChunks += Array(chunk.entities)
        }
        var fromEntities: [Entity] = []
        try query.forEach { entity, _ in fromEntities.append(entity) }
        #expect(fromChunks == fromEntities)
        #expect(Set(fromChunks) == Set(first + second).subtracting([first[1]]))
    }

    /// Resources of types with one layout never share a slot, and removing one leaves the others.
    @Test func resourcesOfOneLayoutDoNotAlias() throws {
        let world = World()
        try world.resources.insert(Int(1))
        try world.resources.insert(UInt(2))
        try world.resources.insert(Int64(3))
        try world.resources.insert(Int(4))
        #expect(try world.resources.get(Int.self) == 4)
        #expect(try world.resources.get(UInt.self) == 2)
        #expect(try world.resources.remove(Int.self) == 4)
        #expect(try world.resources.get(Int64.self) == 3)
        #expect(throws: ECSError.self) { try world.resources.get(Int.self) }
    }
}
