import Synchronization
import Testing
@testable import ECS

/// A schedule keeps each system's running-system record and error slot between runs: every
/// run must still check against the world it runs on, report only its own failures and leave
/// the calling thread's running system as it found it.
@Suite struct ScheduleReuseTests {
    struct A { var value: Int }
    struct B { var value: Int }

    /// How many times a system body ran, shared with its `@Sendable` closure.
    final class RunCount: Sendable {
        /// Runs so far.
        let value = Atomic<Int>(0)
    }

    private func world() throws -> World {
        let world = World()
        try world.spawn(count: 10) { i in (A(value: i), B(value: 0)) }
        return world
    }

    @Test func aFailureOfOneRunIsNotReportedByTheNext() throws {
        let world = try world()
        let runs = RunCount()
        let schedule = try Schedule(threads: 2)
        schedule.add(FunctionSystem("flaky", access: SystemAccess(writes: [A.self])) { _ in
            if runs.value.add(1, ordering: .relaxed).oldValue == 0 {
                throw ECSError(.invalidArgument, "first run fails")
            }
        })
        schedule.add(FunctionSystem("steady", access: SystemAccess(writes: [B.self])) { _ in })
        let error = try #require(throws: ECSError.self) { try schedule.run(world) }
        #expect(error.message == "first run fails")
        try schedule.run(world)
        try schedule.run(world)
        #expect(runs.value.load(ordering: .relaxed) == 3)
    }

    @Test func theErrorOfTheEarliestFailingSystemWinsEveryRun() throws {
        let world = try world()
        let schedule = try Schedule(threads: 2)
        schedule.add(FunctionSystem("first", access: SystemAccess(reads: [A.self])) { _ in
            throw ECSError(.invalidArgument, "first")
        })
        schedule.add(FunctionSystem("second", access: SystemAccess(reads: [A.self])) { _ in
            throw ECSError(.invalidArgument, "second")
        })
        #expect(try schedule.dependencies().map(\.after) == [[], []])
        for _ in 0..<3 {
            let error = try #require(throws: ECSError.self) { try schedule.run(world) }
            #expect(error.message == "first")
        }
    }

    @Test func aScheduleRunOnAnotherWorldChecksThatWorld() throws {
        let first = try world()
        let second = try world()
        let worlds = UncheckedSendable((first, second))
        let schedule = try Schedule(threads: 1)
        schedule.add(FunctionSystem("reader", access: SystemAccess(reads: [A.self])) { context in
            // Touches the other world too: only the world the schedule runs on is checked.
            let (first, second) = worlds.value
            let other = context.world === first ? second : first
            try other.query(Write<B>.self).forEachChunk { _, values in values[0].value += 1 }
            try context.world.query(Write<B>.self).forEachChunk { _, _ in }
        })
        for world in [first, second] {
            let error = try #require(throws: ECSError.self) { try schedule.run(world) }
            #expect(error.code == .undeclaredAccess)
            #expect(error.message.contains("'reader' writes B"))
        }
        var written = 0
        try first.query(Read<B>.self).forEach { _, b in written += b.value }
        try second.query(Read<B>.self).forEach { _, b in written += b.value }
        #expect(written == 2)
    }

    @Test func aNestedScheduleRestoresTheOuterRunningSystem() throws {
        let outerWorld = try world()
        let innerWorld = try world()
        let inner = try Schedule(threads: 1)
        inner.add(FunctionSystem("inner", access: .exclusive) { _ in })
        let nested = UncheckedSendable((inner, innerWorld))
        let outer = try Schedule(threads: 1)
        outer.add(FunctionSystem("outer", access: SystemAccess(reads: [A.self])) { context in
            try nested.value.0.run(nested.value.1)
            try context.world.query(Write<B>.self).forEachChunk { _, _ in }
        })
        let error = try #require(throws: ECSError.self) { try outer.run(outerWorld) }
        #expect(error.code == .undeclaredAccess)
        #expect(error.message.contains("'outer' writes B"))
        // Outside any schedule nothing is checked.
        try outerWorld.query(Write<B>.self).forEachChunk { _, _ in }
        #expect(RunningSystem.current == nil)
    }
}
