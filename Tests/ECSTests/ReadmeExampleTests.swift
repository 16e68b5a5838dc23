import Testing
import ECS

// The library example of Sources/ECS/ECS.docc/Guide.md (README.md prints its first part), compiled and run
// as it is printed there (`Position` and `Velocity` are declared in Fixtures.swift, as in the guide).

private struct Gravity { var dy: Float }

@Test func readmeExampleRuns() throws {
    let world = World()

    // Spawn: one by one, or a batch.
    let ship = try world.spawn(Position(x: 0, y: 0), Velocity(dx: 1, dy: 0))
    try world.spawn(count: 1_000) { i in (Position(x: Float(i), y: 0), Velocity(dx: 0, dy: 1)) }

    // Query: the chunk loop sees each table's columns as plain buffers. A query that names a
    // written component twice (Write<A> with Write<A> or Read<A>) throws when it is built.
    let movement = try world.query(Write<Position>.self, Read<Velocity>.self)
    let dt: Float = 1.0 / 60.0
    try movement.forEachChunk { chunk, positions, velocities in
        for i in 0..<chunk.count {
            positions[i].x += velocities[i].dx * dt
            positions[i].y += velocities[i].dy * dt
        }
    }

    // The same loop on 2 threads. It throws for a thread count or chunk size below 1, and its
    // body is @Sendable: capturing a `var` (say `sum += …`) is a compile error, not a lost update.
    try movement.forEachChunk(threads: 2) { chunk, positions, velocities in
        for i in 0..<chunk.count { positions[i].x += velocities[i].dx * dt }
    }

    // A parallel schedule. Each system declares what it reads and writes; these two are
    // disjoint, so they run side by side. A loop or resource access outside the declaration
    // throws `undeclared_access`; structural changes go through `context.commands` (only an
    // exclusive system changes the world directly, and it always runs alone).
    try world.resources.insert(Gravity(dy: -9.8))
    let schedule = try Schedule(threads: 2)
    schedule.add(FunctionSystem("fall", access: SystemAccess(reads: [Gravity.self], writes: [Velocity.self])) { context in
        let gravity = try context.world.resources.get(Gravity.self)
        let step = Float(context.deltaTime)
        try context.query(Write<Velocity>.self).forEachChunk { _, velocities in
            for i in velocities.indices { velocities[i].dy += gravity.dy * step }
        }
    })
    schedule.add(FunctionSystem("cull", access: SystemAccess(reads: [Position.self])) { context in
        try context.query(Read<Position>.self).forEachChunk { chunk, positions in
            for i in positions.indices where positions[i].x > 990 { context.commands.destroy(chunk.entities[i]) }
        }
    })
    try schedule.run(world, deltaTime: 1.0 / 60.0)   // "fall" and "cull" wait for nothing
    #expect(try schedule.dependencies().map(\.after) == [[], []])
    #expect(world.entityCount == 992)

    // Destroy, then compact: stale ids are rejected, live ones still resolve.
    try world.destroy(ship)
    world.compact()
    #expect(throws: ECSError.self) { try world.get(Position.self, of: ship) }

    // A versioned cache recomputes only when what it reads changed.
    let positions = try world.query(Read<Position>.self)
    var cache = VersionedCache<Float>()
    func rightmost() throws -> Float {
        try cache.value(for: try positions.versionStamp) {
            var best = -Float.infinity
            try positions.forEach { _, position in best = max(best, position.x) }
            return best
        }
    }
    #expect(try rightmost() == 990)
    #expect(cache.isValid(for: try positions.versionStamp))
}

/// The sparse-set component of the "Storage: table or sparse set" example of Sources/ECS/ECS.docc/Guide.md.
private struct Stunned: StorageDeclaring {
    static var storage: ComponentStorage { .sparseSet }   // the default is .table
    var frames: Int
}

@Test func readmeSparseStorageExampleRuns() throws {
    let world = World()

    let enemy = try world.spawn(Position(x: 0, y: 0), Velocity(dx: 1, dy: 0))
    try world.insert(Stunned(frames: 30), into: enemy)        // no row moves
    try world.query(Write<Velocity>.self, Write<Stunned>.self).forEach { _, velocity, stunned in
        velocity.value.dx = 0
        stunned.value.frames -= 1
    }
    #expect(try world.get(Stunned.self, of: enemy).frames == 29)
    #expect(try world.get(Velocity.self, of: enemy).dx == 0)
    try world.remove(Stunned.self, from: enemy)                // no row moves
    #expect(!world.has(Stunned.self, enemy))
}

/// The component of the "Respawning in a batch" example of Sources/ECS/ECS.docc/Guide.md.
private struct Lifetime { var seconds: Float }

@Test func readmeRespawnExampleRuns() throws {
    let world = World()

    try world.spawn(count: 4_000) { i in (Position(x: 0, y: 0), Lifetime(seconds: Float(i % 100) / 60)) }
    var dead: [Entity] = []
    try world.query(Read<Lifetime>.self).forEach { entity, life in
        if life.seconds <= 0 { dead.append(entity) }
    }
    let random = SplitMix64(seed: 7)
    try world.respawn(&dead, threads: 2) { k in
        var draws = random.advanced(by: k)
        return (Position(x: Float(draws.next() % 100), y: 0), Lifetime(seconds: 2))
    }
    #expect(dead.count == 40 && dead.allSatisfy(world.isAlive))
    #expect(world.entityCount == 4_000)
    #expect(try dead.allSatisfy { try world.get(Lifetime.self, of: $0).seconds == 2 })
}
