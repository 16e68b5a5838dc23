import Testing
@testable import ECS

@Suite struct EntityLifecycleTests {
    @Test func spawnedEntityResolvesItsComponents() throws {
        let world = World()
        let e = try world.spawn(Position(x: 1, y: 2), Velocity(dx: 3, dy: 4))
        #expect(try world.get(Position.self, of: e) == Position(x: 1, y: 2))
        #expect(try world.get(Velocity.self, of: e) == Velocity(dx: 3, dy: 4))
        #expect(world.entityCount == 1)
    }

    @Test func destroyedIdIsRejectedEvenAfterItsIndexIsReused() throws {
        let world = World()
        let old = try world.spawn(Position(x: 1, y: 1))
        try world.destroy(old)
        world.compact()
        let reused = try world.spawn(Position(x: 9, y: 9))
        #expect(reused.index == old.index)
        #expect(reused.generation != old.generation)
        #expect(!world.isAlive(old))
        #expect(throws: ECSError.self) { try world.get(Position.self, of: old) }
        #expect(throws: ECSError.self) { try world.destroy(old) }
        #expect(try world.get(Position.self, of: reused) == Position(x: 9, y: 9))
        do {
            _ = try world.get(Position.self, of: old)
        } catch {
            #expect(error.code == .staleEntity)
        }
    }

    @Test func neverSpawnedIdIsStale() {
        let world = World()
        #expect(throws: ECSError(.staleEntity, "entity 7v0 is not alive (destroyed or never spawned)")) {
            try world.destroy(Entity(index: 7, generation: 0))
        }
    }

    @Test func missingComponentIsATypedError() throws {
        let world = World()
        let e = try world.spawn(Position(x: 0, y: 0))
        do {
            _ = try world.get(Velocity.self, of: e)
            Issue.record("expected an error")
        } catch {
            #expect(error.code == .missingComponent)
            #expect(error.message.contains("Velocity"))
        }
        #expect(throws: ECSError.self) { try world.remove(Velocity.self, from: e) }
        #expect(throws: ECSError.self) { try world.set(Velocity(dx: 1, dy: 1), of: e) }
    }

    @Test func duplicateComponentTypesInABundleAreRejected() {
        let world = World()
        #expect(throws: ECSError.self) { try world.spawn(Position(x: 0, y: 0), Position(x: 1, y: 1)) }
        #expect(world.entityCount == 0)
    }

    @Test func negativeBatchCountIsRejected() {
        let world = World()
        #expect(throws: ECSError.self) { try world.spawn(count: -1) { _ in Position(x: 0, y: 0) } }
    }

    @Test func batchSpawnGivesEachEntityItsValues() throws {
        let world = World()
        let entities = try world.spawn(count: 100) { i in (Position(x: Float(i), y: 0), Health(value: i)) }
        #expect(entities.count == 100)
        #expect(Set(entities).count == 100)
        for (i, e) in entities.enumerated() {
            #expect(try world.get(Health.self, of: e).value == i)
        }
    }

    @Test func nonTrivialComponentsSurviveMovesAndAreReleased() throws {
        let world = World()
        let entities = try (0..<50).map { i in try world.spawn(Name(text: "entity \(i) " + String(repeating: "x", count: 40))) }
        for e in entities where e.index % 2 == 0 { try world.insert(Health(value: 1), into: e) }
        for e in entities where e.index % 3 == 0 { try world.destroy(e) }
        world.compact()
        for e in entities where e.index % 3 != 0 {
            #expect(try world.get(Name.self, of: e).text.hasPrefix("entity \(e.index) "))
        }
    }

    @Test func insertAddsOrReplacesAndRemoveMovesBack() throws {
        let world = World()
        let e = try world.spawn(Position(x: 1, y: 1))
        try world.insert(Velocity(dx: 2, dy: 2), into: e)
        #expect(world.has(Velocity.self, e))
        try world.insert(Velocity(dx: 5, dy: 5), into: e)
        #expect(try world.get(Velocity.self, of: e) == Velocity(dx: 5, dy: 5))
        try world.remove(Velocity.self, from: e)
        #expect(!world.has(Velocity.self, e))
        #expect(try world.get(Position.self, of: e) == Position(x: 1, y: 1))
    }
}

@Suite struct RepeatingSpawnTests {
    @Test func everyEntityGetsTheValuesAndDeadRowsAreReused() throws {
        let world = World()
        let first = try world.spawn(count: 5) { i in (Health(value: i), Name(text: "a")) }
        try world.destroy(first[1])
        let batch = try world.spawnRepeating(count: 37, Health(value: 7), Name(text: "shared name"))
        #expect(batch.count == 37)
        for e in batch {
            #expect(try world.get(Health.self, of: e).value == 7)
            #expect(try world.get(Name.self, of: e).text == "shared name")
        }
        #expect(world.entityCount == 41)
        expectInvariants(world)
        #expect(try world.spawnRepeating(count: 0, Health(value: 1)).isEmpty)
    }
}
