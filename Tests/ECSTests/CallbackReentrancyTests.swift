import Testing
@testable import ECS

/// Callbacks that run while pointers into a table are held reject structural changes, which
/// would reallocate the table under them.
@Suite struct CallbackReentrancyTests {
    struct Big { var values: (Double, Double, Double, Double) = (1, 2, 3, 4) }

    @Test func modifyRejectsStructuralChangesInItsBody() throws {
        let world = World()
        let entity = try world.spawn(Health(value: 1), Big())
        let error = try #require(throws: ECSError.self) {
            try world.modify(Health.self, of: entity) { health in
                health.value = 2
                try world.spawn(count: 10_000) { _ in (Health(value: 0), Big()) }
                health.value = 3
            }
        }
        #expect(error.code == .reentrantStructuralChange)
        #expect(world.entityCount == 1)
        #expect(try world.get(Health.self, of: entity).value == 2)
        try world.modify(Health.self, of: entity) { $0.value = 4 }
        try world.spawn(Health(value: 5))
        #expect(world.entityCount == 2)
    }

    @Test func retainPredicateRejectsStructuralChanges() throws {
        let world = World()
        let entities = try world.spawn(count: 10) { i in Health(value: i) }
        let error = try #require(throws: ECSError.self) {
            try world.retain(Health.self) { health in
                if health.value == 3 { try world.destroy(entities[0]) }
                return health.value % 2 == 0
            }
        }
        #expect(error.code == .reentrantStructuralChange)
        #expect(world.entityCount == 10)
        #expect(try world.retain(Health.self) { $0.value % 2 == 0 } == 5)
    }

    @Test func spawnInitializerRejectsStructuralChanges() throws {
        let world = World()
        var inner: [ECSError] = []
        let spawned = try world.spawn(count: 100) { (i: Int) -> Health in
            do throws(ECSError) { try world.spawn(Health(value: -1)) } catch { inner.append(error) }
            return Health(value: i)
        }
        #expect(inner.count == 100)
        #expect(inner.allSatisfy { $0.code == .reentrantStructuralChange })
        #expect(world.entityCount == 100)
        for (i, entity) in spawned.enumerated() { #expect(try world.get(Health.self, of: entity).value == i) }
    }

    @Test func registeringATypeInsideALoopIsRejected() throws {
        struct Unregistered {}
        let world = World()
        try world.spawn(Health(value: 1))
        var failure: ECSError?
        try world.query(Read<Health>.self).forEach { _, _ in
            do throws(ECSError) { _ = try world.query(Read<Unregistered>.self) } catch { failure = error }
        }
        #expect(failure?.code == .structuralChangeDuringIteration)
        #expect(failure?.message.hasPrefix("registering component type Unregistered") == true)
        #expect(try world.query(Read<Unregistered>.self).count == 0)
    }
}
