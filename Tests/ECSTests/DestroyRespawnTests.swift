import Testing
@testable import ECS

/// A destroy copies the last live row into the hole and a spawn fills its row from the bundle's
/// tuple, both through a copy plan grouped by column layout; reused ids come from a free list
/// that carries their next generation. These tests cover every layout kind, the id reuse and
/// the plan's grouping.
@Suite struct DestroyRespawnTests {
    typealias Three = RowMoveTests.Three
    typealias Wide = RowMoveTests.Wide
    typealias Odd = RowMoveTests.Odd
    /// 64 bytes of plain bits: a general column copied as bytes.
    struct Block: Equatable { var a, b, c, d: SIMD4<Float> }

    /// One component of every layout kind, all derived from `i`.
    private static func bundle(_ i: Int) -> (UInt8, Float, Double, Three, SIMD4<Float>, Wide, Odd, Block, Name) {
        let f = Float(i)
        return (
            UInt8(truncatingIfNeeded: i), f, Double(-i), Three(x: f, y: 1, z: 2), SIMD4(repeating: f),
            Wide(a: 1, b: Double(i), c: 3), Odd(a: 1, b: UInt8(truncatingIfNeeded: i), c: 3),
            Block(a: .init(repeating: f), b: .init(repeating: -f), c: .init(repeating: 2 * f), d: .init(repeating: 7)),
            Name(text: "n\(i)"))
    }

    /// Whether `entity` carries exactly the components of ``bundle(_:)`` for `i`.
    private func expectValues(_ world: World, _ entity: Entity, _ i: Int, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let expected = Self.bundle(i)
        #expect(try world.get(UInt8.self, of: entity) == expected.0, sourceLocation: sourceLocation)
        #expect(try world.get(Float.self, of: entity) == expected.1, sourceLocation: sourceLocation)
        #expect(try world.get(Double.self, of: entity) == expected.2, sourceLocation: sourceLocation)
        #expect(try world.get(Three.self, of: entity) == expected.3, sourceLocation: sourceLocation)
        #expect(try world.get(SIMD4<Float>.self, of: entity) == expected.4, sourceLocation: sourceLocation)
        #expect(try world.get(Wide.self, of: entity) == expected.5, sourceLocation: sourceLocation)
        #expect(try world.get(Odd.self, of: entity) == expected.6, sourceLocation: sourceLocation)
        #expect(try world.get(Block.self, of: entity) == expected.7, sourceLocation: sourceLocation)
        #expect(try world.get(Name.self, of: entity) == expected.8, sourceLocation: sourceLocation)
    }

    private func spawn(_ world: World, _ i: Int) throws -> Entity {
        let b = Self.bundle(i)
        return try world.spawn(b.0, b.1, b.2, b.3, b.4, b.5, b.6, b.7, b.8)
    }

    /// Frames of the particle pattern: destroy a random fifth, respawn as many, compact; every
    /// live entity keeps its values, every destroyed id stays stale, and reused ids come back
    /// with the next generation of their slot.
    @Test func everyLayoutSurvivesDestroyRespawnAndCompact() throws {
        let world = World()
        var live: [Entity: Int] = [:]
        var next = 0
        for _ in 0..<60 {
            live[try spawn(world, next)] = next
            next += 1
        }
        var generator = SplitMix64(seed: 7)
        var destroyed: [Entity] = []
        for frame in 0..<12 {
            let doomed = live.keys.sorted { $0.id < $1.id }.shuffled(using: &generator).prefix(12)
            for entity in doomed {
                try world.destroy(entity)
                live[entity] = nil
                destroyed.append(entity)
                #expect(!world.isAlive(entity))
                let spawned = try spawn(world, next)
                #expect(live[spawned] == nil)
                live[spawned] = next
                next += 1
            }
            if frame % 3 != 2 { world.compact() }
            expectInvariants(world)
            for (entity, i) in live { try expectValues(world, entity, i) }
            for entity in destroyed { #expect(!world.isAlive(entity), "destroyed \(entity) resolves again") }
        }
        #expect(world.entityCount == 60)
        // Every id was reused at least once, each time with a higher generation.
        let reused = live.keys.filter { $0.generation > 0 }
        #expect(!reused.isEmpty)
        for entity in reused {
            #expect(destroyed.contains(Entity(index: entity.index, generation: entity.generation - 1)))
        }
    }

    /// Destroying the last live row moves nothing; destroying another row moves the last one
    /// into it and only that entity's location changes.
    @Test func destroyMovesOnlyTheLastLiveRow() throws {
        let world = World()
        let entities = try (0..<5).map { try spawn(world, $0) }
        try world.destroy(entities[4])
        for i in 0..<4 { try expectValues(world, entities[i], i) }
        try world.destroy(entities[1])
        let table = try world.location(of: entities[0]).table
        #expect(try world.location(of: entities[3]).row == 1)
        #expect(try world.location(of: entities[0]).row == 0 && world.location(of: entities[2]).row == 2)
        #expect(table.pointee.aliveCount == 3 && table.pointee.count == 5)
        for i in [0, 2, 3] { try expectValues(world, entities[i], i) }
        expectInvariants(world)
        // The dead rows are reused by spawns before compaction.
        let fresh = try spawn(world, 9)
        #expect(try world.location(of: fresh).row == 3)
        try expectValues(world, fresh, 9)
        expectInvariants(world)
    }

    /// Ids freed by one compaction are reused last-destroyed first, each with its next
    /// generation, and a slot whose generation is exhausted is never handed out again.
    @Test func reusedIdsCarryTheirNextGeneration() throws {
        let world = World()
        let entities = try (0..<4).map { try world.spawn(Health(value: $0)) }
        try world.destroy(entities[1])
        try world.destroy(entities[3])
        // Not reusable before compaction.
        let beforeCompact = try world.spawn(Health(value: 10))
        #expect(beforeCompact.index == 4 && beforeCompact.generation == 0)
        world.compact()
        let first = try world.spawn(Health(value: 11))
        let second = try world.spawn(Health(value: 12))
        #expect(first == Entity(index: 3, generation: 1))
        #expect(second == Entity(index: 1, generation: 1))
        #expect(!world.isAlive(entities[1]) && !world.isAlive(entities[3]))
        #expect(try world.get(Health.self, of: first).value == 11)
        #expect(try world.get(Health.self, of: second).value == 12)
        expectInvariants(world)
    }

    @Test func exhaustedGenerationIsNeverReused() throws {
        let world = World()
        try world.destroy(try world.spawn(Health(value: 1)))
        world.compact()
        // Age the freed id (and its slot) to the last generation a slot can hand out.
        let freed = unsafe world.storage.pointee.freeIDs.pop()
        #expect(freed == Entity(index: 0, generation: 1))
        let aged = Entity(index: 0, generation: UInt32.max - 1)
        unsafe world.storage.pointee.freeIDs.push(aged)
        unsafe world.slots[0].generation = aged.generation
        let last = try world.spawn(Health(value: 2))
        #expect(last == aged)
        try world.destroy(last)
        world.compact()
        let fresh = try world.spawn(Health(value: 3))
        #expect(fresh == Entity(index: 1, generation: 0))
        #expect(!world.isAlive(last))
        expectInvariants(world)
    }

    /// The plan lists four-byte, eight-byte, two-word and general columns in that order,
    /// keeping the given order inside each group, with the given offsets.
    @Test func planGroupsColumnsByCopyKind() throws {
        let world = World()
        let entity = try spawn(world, 1)
        let table = try world.location(of: entity).table
        let plan = table.pointee.copyPlan
        let kinds = plan.entries.map { $0.column.pointee.copyKind }
        #expect(kinds == kinds.sorted { $0.rawValue < $1.rawValue })
        #expect(plan.fourByteEnd == kinds.count(where: { $0 == .fourBytes }))
        #expect(plan.eightByteEnd - plan.fourByteEnd == kinds.count(where: { $0 == .eightBytes }))
        #expect(plan.wordPairEnd - plan.eightByteEnd == kinds.count(where: { $0 == .twoEightByteWords }))
        #expect(plan.generalEntries.count == kinds.count(where: { $0 == .general }))
        // Float is the one four-byte column, Double the one eight-byte; Three and SIMD4 take two
        // words; UInt8, Odd (3 bytes), Wide (24), Block (64) and Name (a reference) are general.
        #expect(plan.fourByteEnd == 1 && plan.eightByteEnd == 2 && plan.wordPairEnd == 4 && plan.generalEntries.count == 5)
        let columnOrder = plan.entries.map { $0.column - table.pointee.columns.baseAddress! }
        #expect(Set(columnOrder) == Set(0..<table.pointee.columns.count))
        for group in [0..<plan.fourByteEnd, plan.fourByteEnd..<plan.eightByteEnd, plan.eightByteEnd..<plan.wordPairEnd] {
            #expect(Array(columnOrder[group]) == columnOrder[group].sorted())
        }
        #expect(plan.entries.allSatisfy { $0.offset == 0 })
    }

    /// The copy writes exactly one value per column: the neighbouring rows keep their bits.
    @Test func planCopyLeavesNeighbouringRowsAlone() throws {
        let world = World()
        let entities = try (0..<6).map { try spawn(world, $0) }
        let table = try world.location(of: entities[0]).table
        unsafe table.pointee.copyPlan.copyPlainBits(fromRow: 5, to: 2)
        for i in [0, 1, 3, 4, 5] { try expectValues(world, entities[i], i) }
        #expect(try world.get(Float.self, of: entities[2]) == 5)
        #expect(try world.get(Three.self, of: entities[2]) == Self.bundle(5).3)
        #expect(try world.get(Wide.self, of: entities[2]) == Self.bundle(2).5, "a general column is not the plan's to copy")
    }

    @Test func entityStackPopsLastPushedFirstAndTakesInOrder() {
        var stack = EntityStack()
        var pending = EntityStack()
        defer {
            unsafe stack.deallocate()
            unsafe pending.deallocate()
        }
        #expect(stack.pop() == nil && stack.top == nil)
        for i in 0..<100 { stack.push(Entity(index: UInt32(i), generation: 1)) }
        for i in 0..<150 { pending.push(Entity(index: UInt32(1_000 + i), generation: 2)) }
        stack.takeAll(from: &pending)
        #expect(pending.count == 0 && pending.pop() == nil && pending.top == nil)
        #expect(stack.count == 250)
        for i in (0..<150).reversed() {
            // `top` names the next pop without taking it.
            #expect(stack.top == Entity(index: UInt32(1_000 + i), generation: 2))
            #expect(stack.pop() == Entity(index: UInt32(1_000 + i), generation: 2))
        }
        for i in (0..<100).reversed() { #expect(stack.pop() == Entity(index: UInt32(i), generation: 1)) }
        #expect(stack.pop() == nil && stack.top == nil)
    }

    /// Spawns drain the free list down to empty and then take fresh slots: each reused id
    /// comes back with its next generation in a slot no live entity holds, every id resolves
    /// to its own values, and the destroyed ids stay stale.
    @Test func spawnsDrainTheFreeListThenTakeFreshSlots() throws {
        let world = World()
        let first = try (0..<8).map { try spawn(world, $0) }
        for entity in first { try world.destroy(entity) }
        world.compact()
        var live: [Entity: Int] = [:]
        for i in 0..<12 {
            let entity = try spawn(world, 100 + i)
            #expect(live[entity] == nil)
            live[entity] = 100 + i
        }
        let reused = live.keys.filter { $0.index < 8 }
        #expect(reused.count == 8 && reused.allSatisfy { $0.generation == 1 })
        #expect(live.keys.filter { $0.index >= 8 }.allSatisfy { $0.generation == 0 })
        for (entity, i) in live { try expectValues(world, entity, i) }
        for entity in first { #expect(!world.isAlive(entity)) }
        expectInvariants(world)
    }
}
