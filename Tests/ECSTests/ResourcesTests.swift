import Testing
@testable import ECS

@Suite struct ResourcesTests {
    struct Gravity: Equatable { var value: Double }
    struct Tally: Equatable { var count: Int }
    struct Position { var x: Double }

    @Test func storesOneValuePerType() throws {
        let world = World()
        #expect(throws: ECSError.self) { try world.resources.get(Gravity.self) }
        try world.resources.insert(Gravity(value: -9.8))
        try world.resources.insert(Tally(count: 0))
        try world.resources.insert(Gravity(value: -1.6))
        #expect(world.resources.count == 2)
        #expect(try world.resources.get(Gravity.self) == Gravity(value: -1.6))
        let doubled = try world.resources.modify(Tally.self) { tally in
            tally.count += 21
            return tally.count * 2
        }
        #expect(doubled == 42)
        #expect(try world.resources.remove(Tally.self) == Tally(count: 21))
        #expect(try world.resources.remove(Tally.self) == nil)
        #expect(try !world.resources.contains(Tally.self))
        let missing = try #require(throws: ECSError.self) { try world.resources.modify(Tally.self) { _ in } }
        #expect(missing.code == .missingResource)
        #expect(missing.message == "no Tally resource in this world")
    }

    @Test func modifyBodyMayUseTheResourcesFreely() throws {
        let world = World()
        try world.resources.insert(Tally(count: 1))
        try world.resources.modify(Tally.self) { tally in
            tally.count += (try? world.resources.get(Tally.self).count) ?? 0
        }
        #expect(try world.resources.get(Tally.self).count == 2)
    }

    @Test func addingATypeWhileLoopsRunIsRejected() throws {
        let world = World()
        try world.spawn(Position(x: 0))
        try world.resources.insert(Tally(count: 0))
        var failure: ECSError?
        try world.query(Read<Position>.self).forEach { _, _ in
            try world.resources.insert(Tally(count: 5))
            do throws(ECSError) { try world.resources.insert(Gravity(value: 1)) } catch { failure = error }
        }
        #expect(failure?.code == .structuralChangeDuringIteration)
        #expect(try world.resources.get(Tally.self).count == 5)
        #expect(world.resources.count == 1)
    }

    @Test func systemsWritingDifferentResourcesShareABatch() throws {
        let world = World()
        try world.resources.insert(Gravity(value: 0))
        try world.resources.insert(Tally(count: 0))
        let schedule = try Schedule(threads: 2)
        schedule.add(FunctionSystem("gravity", access: SystemAccess(writes: [Gravity.self])) { context in
            for _ in 0..<200 { try context.world.resources.modify(Gravity.self) { $0.value += 0.5 } }
        })
        schedule.add(FunctionSystem("tally", access: SystemAccess(writes: [Tally.self])) { context in
            for _ in 0..<200 { try context.world.resources.insert(Tally(count: context.world.resources.get(Tally.self).count + 1)) }
        })
        #expect(try schedule.dependencies().map(\.after) == [[], []])
        for _ in 0..<50 { try schedule.run(world) }
        #expect(try world.resources.get(Gravity.self).value == 5_000)
        #expect(try world.resources.get(Tally.self).count == 10_000)
    }
}
