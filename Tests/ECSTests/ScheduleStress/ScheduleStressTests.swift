import Testing
import ECS

/// Random schedules (random systems over random declared reads and writes of components and
/// resources, random explicit orders, random thread counts) must leave the world bit-identical
/// to a one-thread run.
@Suite struct ScheduleStressTests {
    /// Schedules built and compared per run.
    static let schedules = 300

    /// A random world and schedule for `seed`, running on `threads` threads.
    private func build(seed: UInt64, threads: Int) throws -> (World, Schedule) {
        var random = SplitMix64(seed: seed)
        let world = World()
        for archetype in 0..<5 {
            let entities = try world.spawn(count: Int.random(in: 20...200, using: &random)) { i in
                S0(value: UInt64(archetype * 1_000 + i))
            }
            for type in StressTypes.components.dropFirst() where Bool.random(using: &random) {
                for (i, entity) in entities.enumerated() { try insert(type, value: UInt64(i) &* 7, into: entity, world) }
            }
        }
        for (index, type) in StressTypes.resources.enumerated() { try insertResource(type, value: UInt64(index), world) }
        let schedule = try Schedule(threads: threads)
        var respawns = false
        let count = Int.random(in: 3...12, using: &random)
        for index in 0..<count {
            try schedule.add(randomSystem("s\(index)", world: world, respawns: &respawns, &random))
        }
        // Random explicit orders, none against the order of one random permutation (so no
        // cycle), some of them through a set.
        let rank = Array(0..<count).shuffled(using: &random)
        for _ in 0..<Int.random(in: 0...count, using: &random) {
            let (a, b) = (Int.random(in: 0..<count, using: &random), Int.random(in: 0..<count, using: &random))
            guard a != b else { continue }
            let (first, then) = rank[a] < rank[b] ? (a, b) : (b, a)
            if Bool.random(using: &random) {
                schedule.reorder(then) { $0.after.append("s\(first)") }
            } else {
                schedule.reorder(first) { $0.sets.append("set \(first)") }
                schedule.reorder(then) { $0.after.append("set \(first)") }
            }
        }
        return (world, schedule)
    }

    private func insert<C: StressValue>(_ type: C.Type, value: UInt64, into entity: Entity, _ world: World) throws {
        try world.insert(C(value: value), into: entity)
    }

    private func insertResource<R: StressValue>(_ type: R.Type, value: UInt64, _ world: World) throws {
        try world.resources.insert(R(value: value))
    }

    /// Extra declared reads and writes, which only change the batching.
    private func extraAccess(_ random: inout SplitMix64) -> SystemAccess {
        let all = StressTypes.components + StressTypes.resources
        return SystemAccess(
            reads: all.filter { _ in Int.random(in: 0..<6, using: &random) == 0 },
            writes: all.filter { _ in Int.random(in: 0..<10, using: &random) == 0 })
    }

    /// A random system; at most one respawns (two could destroy the same entity).
    private func randomSystem(_ name: String, world: World, respawns: inout Bool, _ random: inout SplitMix64) throws -> any System {
        let components = StressTypes.components.shuffled(using: &random)
        let resource = StressTypes.resources.randomElement(using: &random) ?? R0.self
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<5:
            return try mix(components[0], components[1], resource, name, world,
                           extraAccess(&random), Int.random(in: 1...4, using: &random), Int.random(in: 7...300, using: &random))
        case 8 where !respawns:
            respawns = true
            return try respawn(components[0], name, world, UInt64.random(in: 0..<13, using: &random))
        case 5...8:
            return try fold(resource, components[0], name, world, extraAccess(&random))
        default:
            return exclusive(components[0], components[1], name)
        }
    }

    private func mix<O: StressValue, I: StressValue, R: StressValue>(
        _: O.Type, _: I.Type, _: R.Type, _ name: String, _ world: World, _ extra: SystemAccess, _ threads: Int, _ chunk: Int
    ) throws -> any System {
        try MixSystem<O, I, R>(name, world: world, extra: extra, threads: threads, chunkSize: chunk)
    }

    private func fold<R: StressValue, I: StressValue>(_: R.Type, _: I.Type, _ name: String, _ world: World, _ extra: SystemAccess) throws -> any System {
        try FoldSystem<R, I>(name, world: world, extra: extra)
    }

    private func respawn<I: StressValue>(_: I.Type, _ name: String, _ world: World, _ residue: UInt64) throws -> any System {
        try RespawnSystem<I>(name, world: world, residue: residue)
    }

    private func exclusive<A: StressValue, B: StressValue>(_: A.Type, _: B.Type, _ name: String) -> any System {
        ExclusiveSpawnSystem<A, B>(name)
    }

    /// Every entity and value of the world, in table order, and every resource.
    private func snapshot(_ world: World) throws -> [UInt64] {
        var out: [UInt64] = []
        for type in StressTypes.components { try append(type, world, &out) }
        for type in StressTypes.resources { try appendResource(type, world, &out) }
        return out
    }

    private func append<C: StressValue>(_ type: C.Type, _ world: World, _ out: inout [UInt64]) throws {
        try world.query(Read<C>.self).forEach { entity, value in
            out.append(UInt64(entity.index) << 32 | UInt64(entity.generation))
            out.append(value.value)
        }
    }

    private func appendResource<R: StressValue>(_ type: R.Type, _ world: World, _ out: inout [UInt64]) throws {
        out.append(try world.resources.get(R.self).value)
    }

    private func run(seed: UInt64, threads: Int) throws -> (snapshot: [UInt64], order: [String], roots: Int) {
        let (world, schedule) = try build(seed: seed, threads: threads)
        for _ in 0..<3 { try schedule.run(world, deltaTime: 1.0 / 60) }
        let roots = try schedule.dependencies().filter(\.after.isEmpty).count
        return (try snapshot(world), try schedule.order(), roots)
    }

    @Test func randomSchedulesMatchAOneThreadRunBitForBit() throws {
        var random = SplitMix64(seed: 0x5EED)
        var parallelStarts = 0
        for _ in 0..<Self.schedules {
            let seed = random.next()
            let threads = Int.random(in: 1...8, using: &random)
            let serial = try run(seed: seed, threads: 1)
            let parallel = try run(seed: seed, threads: threads)
            #expect(parallel.order == serial.order, "seed \(seed)")
            #expect(parallel.snapshot == serial.snapshot, "seed \(seed), \(threads) threads")
            if parallel.roots > 1 { parallelStarts += 1 }
        }
        #expect(parallelStarts > Self.schedules / 5)
    }
}
