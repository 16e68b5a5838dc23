import BenchKit
import ECS

/// ecs_bench_suite `simple_iter`: `position += velocity * dt` over N entities that also carry a
/// matrix and a rotation.
///
/// Checksum components: `Transform`, `Position`, `Rotation`, `Velocity`. Work: `updated` = N
/// per frame.
final class SimpleIterWorkload: AllocationFreeWorkload, VerifiableWorkload {
    let entities: Int
    /// The work of every frame run so far.
    private(set) var work = WorkCounts()
    private let world = World()
    private let movement: Query<Write<Position>, Read<Velocity>>

    init(entities: Int) throws {
        self.entities = entities
        try world.spawn(count: entities) { _ in (Transform(), Position(), Rotation(), Velocity()) }
        movement = try world.query(Write<Position>.self, Read<Velocity>.self)
    }

    var name: String { "ecs.simple_iter" }
    var params: [String: Int] { ["entities": entities] }
    var entitiesPerFrame: Int { entities }
    var bytesPerFrame: Int { entities * (2 * MemoryLayout<Position>.stride + MemoryLayout<Velocity>.stride) }
    var isParallel: Bool { false }

    func runFrame() {
        let dt: Float = 1.0 / 60.0
        var updated = 0
        // Cannot throw: outside a system no access is undeclared, the one error it reports.
        try! movement.forEachChunk { chunk, positions, velocities in
            let p = try positions.scalars()
            let v = try velocities.scalars()
            for i in p.indices { p[i] += v[i] * dt }
            updated &+= chunk.count
        }
        work.addFrame(updated: updated)
    }

    /// The checksum over the components the type's doc comment lists.
    func stateChecksum() throws -> StateChecksum {
        try StandardEntityChecksum.of(world)
    }
}
