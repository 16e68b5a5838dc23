import Testing
@testable import ECS

@Suite struct ScheduleTests {
    struct A { var value: Double }
    struct B { var value: Double }
    struct C { var value: Double }

    private func build(threads: Int) throws -> (World, Schedule) {
        let world = World()
        try world.spawn(count: 5_000) { i in (A(value: Double(i)), B(value: 1), C(value: 0.5)) }
        try world.spawn(count: 3_000) { i in (A(value: Double(i) * 0.1), C(value: 2)) }
        let schedule = try Schedule(threads: threads)
        schedule.add(FunctionSystem("grow a", access: SystemAccess(writes: [A.self])) { context in
            try context.query(Write<A>.self).forEachChunk(threads: 2, chunkSize: 700) { _, values in
                for i in values.indices { values[i].value = (values[i].value * 1.0001).squareRoot() + 1 }
            }
        })
        schedule.add(FunctionSystem("b from c", access: SystemAccess(reads: [C.self], writes: [B.self])) { context in
            try context.query(Write<B>.self, Read<C>.self).forEachChunk { _, bs, cs in
                for i in bs.indices { bs[i].value += cs[i].value / 3 }
            }
        })
        schedule.add(FunctionSystem("c from a", access: SystemAccess(reads: [A.self], writes: [C.self])) { context in
            try context.query(Write<C>.self, Read<A>.self).forEachChunk { chunk, cs, as_ in
                for i in cs.indices { cs[i].value = as_[i].value * 0.5 }
                if chunk.count > 0 && as_[0].value > 1e9 { context.commands.destroy(chunk.entities[0]) }
            }
        })
        return (world, schedule)
    }

    private func snapshot(_ world: World) throws -> [Double] {
        var out: [Double] = []
        try world.query(Read<A>.self, Read<C>.self).forEach { _, a, c in out.append(a.value); out.append(c.value) }
        try world.query(Read<B>.self).forEach { _, b in out.append(b.value) }
        return out
    }

    @Test func dependenciesFollowDeclaredAccess() throws {
        let (_, schedule) = try build(threads: 2)
        let dependencies = try schedule.dependencies()
        #expect(dependencies.map(\.system) == ["grow a", "b from c", "c from a"])
        #expect(dependencies.map(\.after) == [[], [], ["grow a", "b from c"]])
        #expect(try schedule.order() == ["grow a", "b from c", "c from a"])
    }

    @Test func parallelRunsAreBitIdenticalToSerial() throws {
        var results: [[Double]] = []
        for threads in [1, 2, 8] {
            let (world, schedule) = try build(threads: threads)
            for _ in 0..<10 { try schedule.run(world, deltaTime: 1.0 / 60) }
            results.append(try snapshot(world))
            #expect(world.diagnostics[.frames] == 10)
            #expect(world.diagnostics[.systemRuns] == 30)
        }
        #expect(results[1] == results[0])
        #expect(results[2] == results[0])
    }

    @Test func aSystemAloneInItsBatchStillMayNotChangeStructure() throws {
        let world = World()
        let schedule = try Schedule(threads: 2)
        schedule.add(FunctionSystem("spawner", access: SystemAccess(writes: [A.self])) { context in
            try context.world.spawn(A(value: 1))
        })
        let error = try #require(throws: ECSError.self) { try schedule.run(world) }
        #expect(error.code == .structuralChangeDuringIteration)
        #expect(error.message.contains("'spawner'") && error.message.contains("commands"))
        #expect(world.entityCount == 0)
        #expect(world.diagnostics.lastError == error)
    }

    @Test func structuralChangesGoThroughCommandsAppliedInSystemOrder() throws {
        let world = World()
        let schedule = try Schedule(threads: 2)
        schedule.add(FunctionSystem("first", access: SystemAccess(reads: [A.self])) { context in
            context.commands.spawn(A(value: 1))
        })
        schedule.add(FunctionSystem("second", access: SystemAccess(reads: [A.self])) { context in
            context.commands.spawn(A(value: 2))
        })
        #expect(try schedule.dependencies().map(\.after) == [[], []])
        try schedule.run(world)
        var values: [Double] = []
        try world.query(Read<A>.self).forEach { _, a in values.append(a.value) }
        #expect(values == [1, 2])
    }

    @Test func aSystemAddedTwiceNeverRunsBesideItself() throws {
        let schedule = try Schedule(threads: 2)
        let reader = FunctionSystem("reader", access: SystemAccess(reads: [A.self])) { _ in }
        schedule.add(reader)
        schedule.add(FunctionSystem("other reader", access: SystemAccess(reads: [A.self])) { _ in })
        schedule.add(reader)
        #expect(try schedule.dependencies().map(\.after) == [[], [], ["reader"]])
    }

    @Test func exclusiveSystemsRunAloneAndMayChangeStructure() throws {
        let world = World()
        let schedule = try Schedule(threads: 2)
        schedule.add(FunctionSystem("reader a", access: SystemAccess(reads: [A.self])) { _ in })
        schedule.add(FunctionSystem("spawner", access: .exclusive) { context in try context.world.spawn(A(value: 1)) })
        schedule.add(FunctionSystem("reader b", access: SystemAccess(reads: [B.self])) { _ in })
        #expect(try schedule.dependencies().map(\.after) == [[], ["reader a"], ["spawner"]])
        try schedule.run(world)
        #expect(world.entityCount == 1)
        #expect(throws: ECSError.self) { try Schedule(threads: 0) }
    }
}
