import Testing
@testable import ECS

/// Sparse-set components inside schedules: deferred commands and declared access.
@Suite struct SparseScheduleTests {
    /// 20 entities with Health i, Poisoned on the even ones.
    private func world() throws -> (World, [Entity]) {
        let world = World()
        let entities = try world.spawn(count: 20) { i in Health(value: i) }
        for (i, entity) in entities.enumerated() where i % 2 == 0 { try world.insert(Poisoned(dose: i), into: entity) }
        return (world, entities)
    }

    @Test func commandsAddAndRemoveSparseComponentsAtTheSyncPoint() throws {
        let (world, entities) = try world()
        let schedule = try Schedule(threads: 2)
        schedule.add(FunctionSystem("cure", access: SystemAccess(reads: [Health.self, Poisoned.self])) { context in
            try context.query(Read<Health>.self, Read<Poisoned>.self).forEach { entity, health, _ in
                if health.value < 10 { context.commands.remove(Poisoned.self, from: entity) }
            }
        })
        schedule.add(FunctionSystem("infect", access: SystemAccess(reads: [Health.self])) { context in
            try context.query(Read<Health>.self).without(Poisoned.self).forEach { entity, health in
                if health.value > 10 { context.commands.insert(Poisoned(dose: -health.value), into: entity) }
            }
        })
        try schedule.run(world)
        for (i, entity) in entities.enumerated() {
            let expected: Int? = i < 10 && i % 2 == 0 ? nil : i % 2 == 0 ? i : i > 10 ? -i : nil
            #expect((try? world.get(Poisoned.self, of: entity))?.dose == expected, "entity \(i)")
        }
        expectSparseInvariants(world)
    }

    @Test func undeclaredSparseAccessIsRejected() throws {
        let (world, _) = try world()
        let schedule = try Schedule(threads: 2)
        schedule.add(FunctionSystem("reader", access: SystemAccess(reads: [Health.self, Poisoned.self])) { context in
            try context.world.query(Write<Poisoned>.self).forEachChunk { _, _ in }
        })
        let error = try #require(throws: ECSError.self) { try schedule.run(world) }
        #expect(error.code == .undeclaredAccess)
        #expect(error.message == "system 'reader' writes Poisoned but declares only reading it in its SystemAccess")
    }

    @Test func undeclaredChangedFilterOnASparseComponentIsRejected() throws {
        let (world, _) = try world()
        let schedule = try Schedule()
        schedule.add(FunctionSystem("filter", access: SystemAccess(reads: [Health.self])) { context in
            try context.world.query(Read<Health>.self).changed(Poisoned.self, since: 0).forEach { _, _ in }
        })
        let error = try #require(throws: ECSError.self) { try schedule.run(world) }
        #expect(error.message.contains("reads Poisoned"))
    }

    @Test func directSparseAddsInANonExclusiveSystemAreRejected() throws {
        let (world, entities) = try world()
        let schedule = try Schedule()
        schedule.add(FunctionSystem("direct", access: SystemAccess(writes: [Poisoned.self])) { context in
            try context.world.insert(Poisoned(dose: 0), into: entities[1])
        })
        let error = try #require(throws: ECSError.self) { try schedule.run(world) }
        #expect(error.code == .structuralChangeDuringIteration)
        #expect(!world.has(Poisoned.self, entities[1]))
    }

    @Test func writersOfOneSparseComponentRunInSeparateBatches() throws {
        let schedule = try Schedule(threads: 2)
        schedule.add(FunctionSystem("a", access: SystemAccess(writes: [Poisoned.self])) { _ in })
        schedule.add(FunctionSystem("b", access: SystemAccess(reads: [Poisoned.self])) { _ in })
        schedule.add(FunctionSystem("c", access: SystemAccess(reads: [Health.self])) { _ in })
        #expect(try schedule.dependencies().map(\.after) == [[], ["a"], []])
    }
}
