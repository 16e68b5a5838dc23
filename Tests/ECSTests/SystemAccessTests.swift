import Testing
@testable import ECS

/// Every access of a scheduled system is checked against its declaration.
@Suite struct SystemAccessTests {
    struct A { var value: Int }
    struct B { var value: Int }
    struct Score { var points: Int }

    private func world() throws -> World {
        let world = World()
        try world.spawn(count: 100) { i in (A(value: i), B(value: 0)) }
        return world
    }

    private func run(_ world: World, threads: Int = 2, _ systems: FunctionSystem...) throws -> ECSError {
        let schedule = try Schedule(threads: threads)
        for system in systems { schedule.add(system) }
        return try #require(throws: ECSError.self) { try schedule.run(world) }
    }

    @Test func writingATypeDeclaredOnlyAsReadThrowsBeforeAnyRow() throws {
        let world = try world()
        let error = try run(world, FunctionSystem("liar", access: SystemAccess(reads: [A.self])) { context in
            try context.world.query(Write<A>.self).forEachChunk { _, values in
                for i in values.indices { values[i].value += 1 }
            }
        })
        #expect(error.code == .undeclaredAccess)
        #expect(error.message == "system 'liar' writes A but declares only reading it in its SystemAccess")
        #expect(error.metadata == ["system": "liar", "type": "A"])
        var sum = 0
        try world.query(Read<A>.self).forEach { _, a in sum += a.value }
        #expect(sum == (0..<100).reduce(0, +))
    }

    @Test func readingAnUndeclaredTypeThrows() throws {
        let world = try world()
        let error = try run(world, FunctionSystem("nosy", access: SystemAccess(writes: [A.self])) { context in
            try context.query(Write<A>.self, Read<B>.self).forEachChunk { _, _, _ in }
        })
        #expect(error.code == .undeclaredAccess)
        #expect(error.message.contains("'nosy' reads B but does not declare it"))
    }

    @Test func aParallelLoopIsCheckedToo() throws {
        let world = try world()
        let error = try run(world, FunctionSystem("parallel", access: SystemAccess(reads: [B.self])) { context in
            try context.world.query(Write<A>.self).forEachChunk(threads: 2, chunkSize: 10) { _, _ in }
        })
        #expect(error.code == .undeclaredAccess)
    }

    @Test func changedFiltersReadTheirComponent() throws {
        let world = try world()
        let error = try run(world, FunctionSystem("filter", access: SystemAccess(reads: [A.self])) { context in
            try context.world.query(Read<A>.self).changed(B.self, since: 0).forEachChunk { _, _ in }
        })
        #expect(error.message.contains("reads B"))
    }

    @Test func versionStampsReadTheirTerms() throws {
        let world = try world()
        let error = try run(world, FunctionSystem("stamp", access: SystemAccess(reads: [A.self])) { context in
            _ = try context.world.query(Read<B>.self).versionStamp
        })
        #expect(error.message.contains("'stamp' reads B"))
    }

    @Test func resourceAccessesAreChecked() throws {
        let world = try world()
        try world.resources.insert(Score(points: 1))
        let write = try run(world, FunctionSystem("reads score", access: SystemAccess(reads: [Score.self])) { context in
            try context.world.resources.modify(Score.self) { $0.points += 1 }
        })
        #expect(write.code == .undeclaredAccess)
        #expect(write.message.contains("writes Score"))
        let read = try run(world, FunctionSystem("no score", access: SystemAccess(reads: [A.self])) { context in
            _ = try context.world.resources.get(Score.self)
        })
        #expect(read.message.contains("reads Score"))
        #expect(try world.resources.get(Score.self).points == 1)
    }

    #if DEBUG
    @Test func perEntityAccessesAreCheckedInDebugBuilds() throws {
        let world = try world()
        var entities: [Entity] = []
        try world.query(Read<A>.self).forEach { entity, _ in entities.append(entity) }
        let entity = try #require(entities.first)
        let error = try run(world, FunctionSystem("setter", access: SystemAccess(reads: [A.self])) { context in
            try context.world.set(A(value: -1), of: entity)
        })
        #expect(error.code == .undeclaredAccess)
        #expect(try world.get(A.self, of: entity).value == 0)
    }
    #endif

    @Test func exclusiveSystemsMayTouchAnything() throws {
        let world = try world()
        let schedule = try Schedule(threads: 2)
        schedule.add(FunctionSystem("all", access: .exclusive) { context in
            try context.world.query(Write<A>.self, Write<B>.self).forEach { _, a, b in b.value.value = a.value.value }
            try context.world.resources.insert(Score(points: 7))
        })
        try schedule.run(world)
        #expect(try world.resources.get(Score.self).points == 7)
    }

    /// A system that writes `B` in a world of its own.
    final class OtherWorldSystem: System {
        let name = "reads a"
        let access = SystemAccess(reads: [A.self])
        let other: World
        init(_ other: World) { self.other = other }
        func run(_ context: SystemContext) throws {
            try other.query(Write<B>.self).forEachChunk { _, values in
                for i in values.indices { values[i].value = 5 }
            }
        }
    }

    @Test func anotherWorldUsedInsideASystemIsNotChecked() throws {
        let world = try world()
        let other = try self.world()
        let schedule = try Schedule(threads: 1)
        schedule.add(OtherWorldSystem(other))
        try schedule.run(world)
        var fives = 0
        try other.query(Read<B>.self).forEach { _, b in fives += b.value == 5 ? 1 : 0 }
        #expect(fives == 100)
    }
}
