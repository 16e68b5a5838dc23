import Testing
import ECS

// The library example of README.md, compiled and run as it is printed there
// (`Position` and `Velocity` are declared in Fixtures.swift, as in the README).

@Test func readmeExampleRuns() throws {
    let world = World()

    // Spawn: one by one, or a batch.
    let ship = try world.spawn(Position(x: 0, y: 0), Velocity(dx: 1, dy: 0))
    try world.spawn(count: 1_000) { i in (Position(x: Float(i), y: 0), Velocity(dx: 0, dy: 1)) }

    // Query: the chunk loop sees each table's columns as plain buffers.
    let movement = world.query(Write<Position>.self, Read<Velocity>.self)
    let dt: Float = 1.0 / 60.0
    movement.forEachChunk { chunk, positions, velocities in
        for i in 0..<chunk.count {
            positions[i].x += velocities[i].dx * dt
            positions[i].y += velocities[i].dy * dt
        }
    }

    // Destroy, then compact: stale ids are rejected, live ones still resolve.
    try world.destroy(ship)
    world.compact()
    #expect(throws: ECSError.self) { try world.get(Position.self, of: ship) }

    // A versioned cache recomputes only when what it reads changed.
    let positions = world.query(Read<Position>.self)
    var cache = VersionedCache<Float>()
    func rightmost() -> Float {
        cache.value(for: positions.versionStamp) {
            var best = -Float.infinity
            positions.forEach { _, position in best = max(best, position.x) }
            return best
        }
    }
    #expect(rightmost() == 999)
    #expect(cache.isValid(for: positions.versionStamp))
}
