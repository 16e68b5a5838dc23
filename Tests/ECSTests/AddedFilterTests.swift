import Testing
@testable import ECS

/// `added(_:since:)`: exactly the entities whose component was added after a version, per
/// entity, through every structural change.
@Suite struct AddedFilterTests {
    struct Tag {}

    /// The entities an added filter on `Health` since `version` admits, by the per-entity loop;
    /// the serial and parallel chunk loops and `count` must agree with it.
    private func added(_ world: World, since version: UInt64) throws -> Set<Entity> {
        let query = try world.query(Read<Health>.self).added(Health.self, since: version)
        var entities: Set<Entity> = []
        try query.forEach { entity, _ in entities.insert(entity) }
        var chunked: Set<Entity> = []
        try query.forEachChunk { chunk, values in
            #expect(values.count == chunk.count)
            for row in 0..<chunk.count { chunked.insert(unsafe chunk.entities[row]) }
        }
        let parallel = Locked<Set<Entity>>([])
        try query.forEachChunk(threads: 2, chunkSize: 3) { chunk, _ in
            parallel.withLock { set in for row in 0..<chunk.count { set.insert(unsafe chunk.entities[row]) } }
        }
        #expect(chunked == entities)
        #expect(parallel.withLock { $0 } == entities)
        #expect(query.count == entities.count)
        return entities
    }

    /// A world whose `Health` additions are recorded from the start.
    private func trackedWorld() throws -> World {
        let world = World()
        try world.query(Read<Health>.self).added(Health.self, since: 0)
        return world
    }

    @Test func spawnsAndInsertsCountReplacementsAndWritesDoNot() throws {
        let world = try trackedWorld()
        let start = world.version
        let a = try world.spawn(Health(value: 1))
        let b = try world.spawn(Health(value: 2), Position(x: 0, y: 0))
        let c = try world.spawn(Position(x: 1, y: 1))
        try world.insert(Health(value: 3), into: c)
        #expect(try added(world, since: start) == [a, b, c])
        let middle = world.version
        #expect(try added(world, since: middle).isEmpty)
        try world.insert(Health(value: 10), into: a)
        try world.set(Health(value: 20), of: b)
        try world.query(Write<Health>.self).forEach { _, health in health.value.value += 1 }
        #expect(try added(world, since: middle).isEmpty)
        try world.remove(Health.self, from: a)
        try world.insert(Health(value: 4), into: a)
        #expect(try added(world, since: middle) == [a])
    }

    @Test func movingForAnotherComponentKeepsTheAddedTick() throws {
        let world = try trackedWorld()
        let entities = try world.spawn(count: 10) { i in Health(value: i) }
        let mark = world.version
        try world.insert(Position(x: 0, y: 0), into: entities[3])
        try world.insert(Tag(), into: entities[3])
        try world.remove(Position.self, from: entities[3])
        try world.insert(Velocity(dx: 0, dy: 0), into: entities[5])
        #expect(try added(world, since: mark).isEmpty)
        let fresh = try world.spawn(Health(value: 99))
        try world.insert(Position(x: 0, y: 0), into: fresh)
        #expect(try added(world, since: mark) == [fresh])
        #expect(try added(world, since: 0) == Set(entities + [fresh]))
    }

    @Test func destroysCompactionAndReusedRowsKeepExactSets() throws {
        let world = try trackedWorld()
        let old = try world.spawn(count: 20) { i in Health(value: i) }
        let mark = world.version
        let new = try (0..<5).map { i in try world.spawn(Health(value: 100 + i)) }
        // Destroying old rows moves new ones into their places; destroying new ones drops them.
        for entity in old.prefix(8) { try world.destroy(entity) }
        try world.destroy(new[0])
        #expect(try added(world, since: mark) == Set(new.dropFirst()))
        world.compact()
        #expect(try added(world, since: mark) == Set(new.dropFirst()))
        // A destroy followed by a spawn into the same table hands the spawn the destroyed row.
        let later = world.version
        try world.destroy(old[10])
        let reused = try world.spawn(Health(value: 7))
        #expect(try added(world, since: later) == [reused])
        #expect(try added(world, since: mark) == Set(new.dropFirst() + [reused]))
    }

    @Test func bulkSpawnsAndRespawnsCount() throws {
        let world = try trackedWorld()
        let first = try world.spawn(count: 6) { i in Health(value: i) }
        let mark = world.version
        let second = try world.spawnRepeating(count: 4, Health(value: 0))
        #expect(try added(world, since: mark) == Set(second))
        let beforeRespawn = world.version
        var replaced = Array(first.prefix(3))
        try world.respawn(&replaced, threads: 2) { i in Health(value: 50 + i) }
        #expect(try added(world, since: beforeRespawn) == Set(replaced))
        #expect(try added(world, since: mark) == Set(second + replaced))
    }

    @Test func valuesPresentWhenRecordingStartsCountAsAddedThen() throws {
        let world = World()
        let early = try world.spawn(Health(value: 1))
        let before = world.version
        #expect(try added(world, since: before) == [early])
        let after = world.version
        #expect(try added(world, since: after).isEmpty)
        let late = try world.spawn(Health(value: 2))
        #expect(try added(world, since: after) == [late])
    }

    @Test func sparseComponentsRecordAdditionsPerEntity() throws {
        let world = World()
        let query = try world.query(Read<Health>.self).added(Poisoned.self, since: 0)
        let entities = try world.spawn(count: 10) { i in Health(value: i) }
        let mark = world.version
        for i in [2, 5, 7] { try world.insert(Poisoned(dose: i), into: entities[i]) }
        func visited() throws -> Set<Entity> {
            var set: Set<Entity> = []
            try query.forEach { entity, _ in set.insert(entity) }
            #expect(query.count == set.count)
            return set
        }
        try query.added(Poisoned.self, since: mark)
        #expect(try visited() == [entities[2], entities[5], entities[7]])
        let second = world.version
        try query.added(Poisoned.self, since: second)
        try world.insert(Poisoned(dose: 50), into: entities[5])
        try world.query(Write<Poisoned>.self).forEach { _, poison in poison.value.dose += 1 }
        #expect(try visited().isEmpty)
        try world.remove(Poisoned.self, from: entities[2])
        try world.insert(Poisoned(dose: 1), into: entities[2])
        try world.destroy(entities[7])
        #expect(try visited() == [entities[2]])
    }

    @Test func anAddedTermInASparseQueryIsCheckedPerRow() throws {
        let world = try trackedWorld()
        let entities = try world.spawn(count: 6) { i in Health(value: i) }
        for entity in entities { try world.insert(Poisoned(dose: 1), into: entity) }
        let mark = world.version
        let fresh = try world.spawn(Health(value: 9))
        try world.insert(Poisoned(dose: 2), into: fresh)
        var seen: [Entity] = []
        try world.query(Read<Health>.self, Read<Poisoned>.self).added(Health.self, since: mark).forEach { entity, _, _ in
            seen.append(entity)
        }
        #expect(seen == [fresh])
    }

    @Test func updatingTheVersionReusesTheQuery() throws {
        let world = try trackedWorld()
        let query = try world.query(Read<Health>.self)
        var frame = world.version
        for round in 0..<4 {
            let spawned = try world.spawn(count: round + 1) { i in Health(value: i) }
            var seen: Set<Entity> = []
            try query.added(Health.self, since: frame).forEach { entity, _ in seen.insert(entity) }
            #expect(seen == Set(spawned))
            frame = world.version
        }
    }

    @Test func startingToRecordInsideALoopIsRejected() throws {
        let world = World()
        try world.spawn(count: 3) { i in Health(value: i) }
        let error = try #require(throws: ECSError.self) {
            try world.query(Read<Health>.self).forEach { _, _ in
                try world.query(Read<Health>.self).added(Health.self, since: 0)
            }
        }
        #expect(error.code == .structuralChangeDuringIteration)
        #expect(error.message.contains("added filter on Health"))
    }

    @Test func aSystemMustDeclareReadingTheFilteredComponent() throws {
        let world = World()
        try world.spawn(count: 10) { i in (Health(value: i), Position(x: 0, y: 0)) }
        try world.query(Read<Position>.self).added(Health.self, since: 0)
        let schedule = try Schedule(threads: 2)
        schedule.add(FunctionSystem("arrivals", access: SystemAccess(reads: [Position.self])) { context in
            try context.world.query(Read<Position>.self).added(Health.self, since: 0).forEachChunk { _, _ in }
        })
        let error = try #require(throws: ECSError.self) { try schedule.run(world) }
        #expect(error.code == .undeclaredAccess)
        #expect(error.message.contains("'arrivals' reads Health"))
    }
}
