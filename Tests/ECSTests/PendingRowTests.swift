import Foundation
import Testing
@testable import ECS

/// In a table of plain-bits components a destroy leaves its row in the live prefix until the
/// next operation: a spawn into the same table takes it, anything else first moves the last
/// live row into it, as an immediate destroy would have. These tests cover each way the
/// pending row ends, and that what every other operation sees is unchanged.
@Suite struct PendingRowTests {
    /// A world of `count` (Position, Health) entities, Health `i` for the `i`-th.
    private func world(_ count: Int) throws -> (World, [Entity]) {
        let world = World()
        let entities = try world.spawn(count: count) { i in (Position(x: Float(i), y: 0), Health(value: i)) }
        return (world, entities)
    }

    private func row(_ world: World, _ entity: Entity) -> Int { Int(world.slots[Int(entity.index)].row) }

    /// The Health values in query order.
    private func healths(_ world: World) throws -> [Int] {
        var values: [Int] = []
        try world.query(Read<Health>.self).forEach { _, health in values.append(health.value) }
        return values
    }

    @Test func aRespawnTakesTheDestroyedRowAndMovesNoOtherEntity() throws {
        let (world, entities) = try world(10)
        try world.destroy(entities[3])
        #expect(world.storage.pointee.pendingHole?.row == 3)
        #expect(world.entityCount == 9)
        expectInvariants(world)
        let spawned = try world.spawn(Position(x: -1, y: 0), Health(value: 100))
        #expect(world.storage.pointee.pendingHole == nil)
        #expect(row(world, spawned) == 3)
        #expect(row(world, entities[9]) == 9)
        expectInvariants(world)
        #expect(try healths(world) == [0, 1, 2, 100, 4, 5, 6, 7, 8, 9])
        #expect(try world.get(Position.self, of: spawned) == Position(x: -1, y: 0))
        #expect(!world.isAlive(entities[3]))
    }

    @Test func aQueryAfterADestroySeesTheRowsOfAnImmediateDestroy() throws {
        let (world, entities) = try world(10)
        try world.destroy(entities[1])
        try world.destroy(entities[2])
        try world.destroy(entities[3])
        // Destroying one at a time moves 9, 8 and 7 into rows 1, 2 and 3.
        #expect(try world.query(Read<Health>.self).count == 7)
        #expect(try healths(world) == [0, 9, 8, 7, 4, 5, 6])
        #expect(world.storage.pointee.pendingHole == nil)
        expectInvariants(world)
    }

    @Test func destroyingTheLastRowLeavesNothingPending() throws {
        let (world, entities) = try world(4)
        try world.destroy(entities[3])
        #expect(world.storage.pointee.pendingHole == nil)
        try world.destroy(entities[0])
        try world.destroy(entities[2])
        #expect(try healths(world) == [1])
        expectInvariants(world)
    }

    @Test func aSpawnIntoAnotherTableFillsThePendingRow() throws {
        let (world, entities) = try world(6)
        try world.destroy(entities[2])
        let other = try world.spawn(Velocity(dx: 1, dy: 2))
        #expect(world.storage.pointee.pendingHole == nil)
        #expect(row(world, entities[5]) == 2)
        expectInvariants(world)
        #expect(try healths(world) == [0, 1, 5, 3, 4])
        #expect(try world.get(Velocity.self, of: other) == Velocity(dx: 1, dy: 2))
    }

    @Test func addingAndRemovingOnTheEntityThatFillsTheRowKeepItsValues() throws {
        let (world, entities) = try world(6)
        try world.destroy(entities[1])
        // The last entity is the one the pending row's fill moves: the add must find it there.
        try world.insert(Velocity(dx: 5, dy: 6), into: entities[5])
        expectInvariants(world)
        #expect(try world.get(Health.self, of: entities[5]) == Health(value: 5))
        #expect(try world.get(Position.self, of: entities[5]) == Position(x: 5, y: 0))
        #expect(try world.get(Velocity.self, of: entities[5]) == Velocity(dx: 5, dy: 6))
        try world.destroy(entities[0])
        try world.remove(Velocity.self, from: entities[5])
        expectInvariants(world)
        #expect(!world.has(Velocity.self, entities[5]))
        #expect(try healths(world).sorted() == [2, 3, 4, 5])
    }

    @Test func spawnCountRetainAndCompactFillThePendingRow() throws {
        let (world, entities) = try world(8)
        try world.destroy(entities[0])
        let more = try world.spawn(count: 2) { i in (Position(x: 0, y: 0), Health(value: 10 + i)) }
        expectInvariants(world)
        #expect(try healths(world).sorted() == [1, 2, 3, 4, 5, 6, 7, 10, 11])
        try world.destroy(more[0])
        #expect(try world.retain(Health.self) { $0.value % 2 == 1 } == 3)
        expectInvariants(world)
        #expect(try healths(world).sorted() == [1, 3, 5, 7, 11])
        try world.destroy(entities[1])
        world.compact()
        #expect(world.storage.pointee.pendingHole == nil)
        expectInvariants(world)
        #expect(world.entityCount == 4)
    }

    @Test func tablesOwningReferencesMoveTheLastRowAtOnce() throws {
        let world = World()
        let entities = try world.spawn(count: 4) { i in (Health(value: i), Name(text: "n\(i)")) }
        try world.destroy(entities[1])
        #expect(world.storage.pointee.pendingHole == nil)
        #expect(row(world, entities[3]) == 1)
        let spawned = try world.spawn(Health(value: 9), Name(text: "n9"))
        #expect(row(world, spawned) == 3)
        expectInvariants(world)
    }

    @Test func aPendingRowIsNotAnIterationAndNewTypesStillRegister() throws {
        let (world, entities) = try world(5)
        try world.destroy(entities[2])
        #expect(!world.isIterating)
        // The first use of a component type registers it, which loops forbid.
        try world.insert(Velocity(dx: 3, dy: 4), into: entities[0])
        #expect(try world.get(Velocity.self, of: entities[0]) == Velocity(dx: 3, dy: 4))
        #expect(world.storage.pointee.pendingHole == nil)
        expectInvariants(world)
    }

    @Test func structuralChangesInsideACallbackAreRejectedAfterADestroy() throws {
        let (world, entities) = try world(5)
        try world.destroy(entities[1])
        #expect(world.isIterating == false)
        let error = #expect(throws: ECSError.self) {
            try world.modify(Health.self, of: entities[0]) { _ in try world.destroy(entities[2]) }
        }
        #expect(error?.code == .reentrantStructuralChange)
        let spawnError = #expect(throws: ECSError.self) {
            try world.modify(Health.self, of: entities[0]) { _ in _ = try world.spawn(Position(x: 0, y: 0), Health(value: 0)) }
        }
        #expect(spawnError?.code == .reentrantStructuralChange)
        #expect(world.isAlive(entities[2]))
        // The modify filled the pending row first, so the spawn takes a new row.
        let spawned = try world.spawn(Position(x: 7, y: 7), Health(value: 70))
        #expect(row(world, spawned) == 4)
        expectInvariants(world)
        #expect(try healths(world) == [0, 4, 2, 3, 70])
    }

    @Test func aModifyOfTheEntityThatFillsTheRowKeepsItsWriteThroughALoopInside() throws {
        let (world, entities) = try world(6)
        try world.destroy(entities[1])
        // The last entity is the one the fill moves; the loop inside the callback must not
        // move it from under the address the callback writes through.
        var seen = 0
        try world.modify(Health.self, of: entities[5]) { health in
            try world.query(Read<Health>.self).forEach { _, _ in seen += 1 }
            health.value = 99
        }
        #expect(seen == 5)
        #expect(try world.get(Health.self, of: entities[5]) == Health(value: 99))
        expectInvariants(world)
    }

    @Test func aParallelBatchStartsWithThePendingRowFilled() throws {
        let (world, entities) = try world(2_000)
        let schedule = try Schedule(threads: 2)
        let sums = RowSums()
        schedule.add(FunctionSystem("read health", access: SystemAccess(reads: [Health.self])) { context in
            try context.query(Read<Health>.self).forEach { _, health in sums.add(0, health.value) }
        })
        schedule.add(FunctionSystem("read position", access: SystemAccess(reads: [Position.self])) { context in
            try context.query(Read<Position>.self).forEach { _, position in sums.add(1, Int(position.x)) }
        })
        try world.destroy(entities[7])
        try schedule.run(world)
        let expected = (0..<2_000).reduce(0, +) - 7
        #expect(sums.values == [expected, expected])
        #expect(world.storage.pointee.pendingHole == nil)
        expectInvariants(world)
    }
}

/// Two running sums that systems on different threads add to.
private final class RowSums: @unchecked Sendable {
    private let lock = NSLock()
    private var sums = [0, 0]

    func add(_ index: Int, _ value: Int) {
        lock.lock()
        sums[index] += value
        lock.unlock()
    }

    var values: [Int] {
        lock.lock()
        defer { lock.unlock() }
        return sums
    }
}
