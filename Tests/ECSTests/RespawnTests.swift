import Synchronization
import Testing
@testable import ECS

/// `World.respawn` leaves exactly the world its loop of destroys and spawns leaves: the same
/// rows, ids, versions and counters, and the same ids for the spawns after it, on any thread
/// count and on its in-place path as on its fallback; a bad list changes nothing.
@Suite struct RespawnTests {
    /// Everything observable of a world: each row's entity and values in query order, the
    /// version clock (read before the query loop, which takes a version), the live count and
    /// the spawn and destroy counters.
    struct Observed: Equatable {
        var rows: [String] = []
        var version: UInt64 = 0
        var entityCount = 0
        var spawned = 0
        var destroyed = 0
    }

    static func observe(_ world: World) throws -> Observed {
        var observed = Observed(
            version: world.version, entityCount: world.entityCount, spawned: world.diagnostics[.spawned],
            destroyed: world.diagnostics[.destroyed])
        try world.query(Read<Position>.self, Read<Health>.self).forEach { entity, position, health in
            let extra = (try? world.get(Velocity.self, of: entity)).map { " v\($0.dx)" } ?? ""
            observed.rows.append("\(entity) \(position.x),\(position.y) \(health.value)\(extra)")
        }
        return observed
    }

    /// The values the `k`-th respawned entity gets.
    static func make(_ k: Int) -> (Position, Health) {
        (Position(x: Float(k), y: -Float(k)), Health(value: 10_000 + k))
    }

    /// A world of 4,000 entities in one table and 30 in another, with 300 ids freed by a
    /// compaction (so a respawn reuses ids, then appends slots); the same for the same seed.
    static func makeWorld(seed: UInt64) throws -> (World, [Entity]) {
        let world = World()
        var entities = try (0..<4_000).map { try world.spawn(Position(x: Float($0), y: 1), Health(value: $0)) }
        for i in 0..<30 { try world.spawn(Position(x: 0, y: Float(i)), Health(value: -i), Velocity(dx: Float(i), dy: 0)) }
        var generator = SplitMix64(seed: seed)
        entities.shuffle(using: &generator)
        for entity in entities.suffix(300) { try world.destroy(entity) }
        world.compact()
        return (world, Array(entities.prefix(3_700)))
    }

    /// 2,500 distinct live entities of the big table in shuffled order, the last row among them.
    static func list(_ world: World, _ alive: [Entity]) throws -> [Entity] {
        let lastRow = try #require(alive.max { try world.location(of: $0).row < world.location(of: $1).row })
        return [lastRow] + alive.filter { $0 != lastRow }.prefix(2_499)
    }

    static func loop(_ world: World, _ entities: inout [Entity]) throws {
        for k in entities.indices {
            let (position, health) = make(k)
            try world.destroy(entities[k])
            entities[k] = try world.spawn(position, health)
        }
    }

    /// Compares two worlds now, and again after a compaction and 400 more spawns, whose ids
    /// show that both hold the same free and pending ids in the same order.
    static func expectSame(_ batch: World, _ loop: World, sourceLocation: SourceLocation = #_sourceLocation) throws {
        #expect(try observe(batch) == observe(loop), sourceLocation: sourceLocation)
        expectInvariants(batch, sourceLocation: sourceLocation)
        batch.compact()
        loop.compact()
        let next = try batch.spawn(count: 400) { (Position(x: Float($0), y: 0), Health(value: $0)) }
        #expect(try next == loop.spawn(count: 400) { (Position(x: Float($0), y: 0), Health(value: $0)) }, sourceLocation: sourceLocation)
        #expect(try observe(batch) == observe(loop), sourceLocation: sourceLocation)
    }

    @Test(arguments: [1, 2, 3])
    func theBatchLeavesTheWorldTheLoopLeaves(threads: Int) throws {
        let (batch, alive) = try Self.makeWorld(seed: 11)
        let (loop, _) = try Self.makeWorld(seed: 11)
        let old = try Self.list(batch, alive)
        var batchList = old
        var loopList = old
        try batch.respawn(&batchList, threads: threads, Self.make)
        try Self.loop(loop, &loopList)
        #expect(batchList == loopList)
        #expect(batchList.filter { $0.generation == 0 }.count == 2_200, "300 reused ids, then 2,200 new slots")
        for entity in old { #expect(!batch.isAlive(entity)) }
        for (k, entity) in batchList.enumerated() {
            #expect(try batch.get(Health.self, of: entity).value == 10_000 + k)
        }
        try Self.expectSame(batch, loop)
    }

    /// A listed entity in another table, a table holding references or a world with a
    /// sparse set sends the batch down the loop itself; the result is the loop's.
    @Test func listsThatCannotRespawnInPlaceGiveTheLoopsWorld() throws {
        for variant in ["other table", "references", "sparse set"] {
            var worlds: [(World, [Entity])] = []
            for _ in 0..<2 {
                let (world, alive) = try Self.makeWorld(seed: 5)
                var list = try Self.list(world, alive)
                switch variant {
                case "other table":
                    list[7] = try world.spawn(Position(x: 9, y: 9), Health(value: 9), Velocity(dx: 1, dy: 1))
                case "references":
                    list = try (0..<1_500).map { try world.spawn(Position(x: Float($0), y: 2), Health(value: $0), Name(text: "n\($0)")) }
                default:
                    try world.spawn(Position(x: 1, y: 1), Health(value: 1), Poisoned(dose: 3))
                }
                worlds.append((world, list))
            }
            var (batchList, loopList) = (worlds[0].1, worlds[1].1)
            if variant == "references" {
                try worlds[0].0.respawn(&batchList, threads: 2) { k in (Self.make(k).0, Self.make(k).1, Name(text: "r\(k)")) }
                for k in loopList.indices {
                    try worlds[1].0.destroy(loopList[k])
                    loopList[k] = try worlds[1].0.spawn(Self.make(k).0, Self.make(k).1, Name(text: "r\(k)"))
                }
                #expect(try worlds[0].0.get(Name.self, of: batchList[1_499]).text == "r1499")
            } else {
                try worlds[0].0.respawn(&batchList, threads: 2, Self.make)
                try Self.loop(worlds[1].0, &loopList)
            }
            #expect(batchList == loopList, "\(variant)")
            try Self.expectSame(worlds[0].0, worlds[1].0)
        }
    }

    /// An id whose next generation would be the last is retired for good, as a destroy retires it.
    @Test func anExhaustedGenerationIsRetiredAsTheLoopRetiresIt() throws {
        var worlds: [(World, [Entity])] = []
        for _ in 0..<2 {
            let (world, alive) = try Self.makeWorld(seed: 3)
            // Age one freed id to the last generation a slot hands out, and spawn it.
            let freed = try #require(unsafe world.storage.pointee.freeIDs.pop())
            let aged = Entity(index: freed.index, generation: UInt32.max - 1)
            unsafe world.storage.pointee.freeIDs.push(aged)
            unsafe world.slots[Int(aged.index)].generation = aged.generation
            #expect(try world.spawn(Position(x: 5, y: 5), Health(value: 5)) == aged)
            worlds.append((world, [aged] + (try Self.list(world, alive))))
        }
        var (batchList, loopList) = (worlds[0].1, worlds[1].1)
        try worlds[0].0.respawn(&batchList, threads: 2, Self.make)
        try Self.loop(worlds[1].0, &loopList)
        #expect(batchList == loopList)
        try Self.expectSame(worlds[0].0, worlds[1].0)
        #expect(unsafe worlds[0].0.slots[Int(worlds[0].1[0].index)].generation == UInt32.max)
    }

    @Test func aBadListOrThreadCountChangesNothing() throws {
        let (world, alive) = try Self.makeWorld(seed: 9)
        let list = try Self.list(world, alive)
        let before = try Self.observe(world)
        let dead = try world.spawn(Position(x: 0, y: 0), Health(value: 0))
        try world.destroy(dead)
        let afterDestroy = try Self.observe(world)

        var stale = list
        stale[1_800] = dead
        let staleError = #expect(throws: ECSError.self) { try world.respawn(&stale, threads: 2, Self.make) }
        #expect(staleError?.code == .staleEntity)
        #expect(staleError?.message.contains("\(dead)") == true)

        var repeated = list
        repeated[2_000] = repeated[3]
        let repeatedError = #expect(throws: ECSError.self) { try world.respawn(&repeated, threads: 2, Self.make) }
        #expect(repeatedError?.code == .invalidArgument)
        #expect(repeatedError?.message == "respawn lists entity \(list[3]) more than once")

        var copy = list
        let threadsError = #expect(throws: ECSError.self) { try world.respawn(&copy, threads: 0, Self.make) }
        #expect(threadsError?.code == .invalidArgument)

        var empty: [Entity] = []
        try world.respawn(&empty, threads: 2, Self.make)
        #expect(stale[1_800] == dead && repeated == { var r = list; r[2_000] = list[3]; return r }() && copy == list)
        // The observation's own query loop takes one version.
        var unchanged = afterDestroy
        unchanged.version += 1
        #expect(try Self.observe(world) == unchanged)
        #expect(before.rows.count == afterDestroy.rows.count)

        // The marks were left clear: the same list respawns now.
        try world.respawn(&copy, threads: 2, Self.make)
        #expect(copy != list && copy.allSatisfy(world.isAlive))
        expectInvariants(world)
    }

    @Test func structuralChangesInsideLoopsAndInsideMakeAreRejected() throws {
        let (world, alive) = try Self.makeWorld(seed: 2)
        var list = try Self.list(world, alive)
        var inLoop = list
        let query = try world.query(Read<Health>.self)
        var loopError: ECSError?
        try query.forEachChunk { _, _ in
            do throws(ECSError) { try world.respawn(&inLoop, threads: 2, Self.make) } catch { loopError = error }
        }
        #expect(loopError?.code == .structuralChangeDuringIteration)
        #expect(inLoop == list)

        let rejected = Atomic<Int>(0)
        let shared = UncheckedSendable(world)
        try world.respawn(&list, threads: 2) { k in
            do throws(ECSError) {
                try shared.value.spawn(Health(value: k))
            } catch {
                if error.code == .reentrantStructuralChange { rejected.add(1, ordering: .relaxed) }
            }
            return Self.make(k)
        }
        #expect(rejected.load(ordering: .relaxed) == list.count)
        #expect(world.entityCount == 3_730)
        expectInvariants(world)
    }
}
