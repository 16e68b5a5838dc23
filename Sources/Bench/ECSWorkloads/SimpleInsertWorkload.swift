import BenchKit
import ECS

/// ecs_bench_suite `simple_insert`: a fresh world gets N entities with a 4x4 matrix and three
/// 3-float vectors (the same values for all), spawned one by one, or in one batch when
/// `batched`; the world is dropped at the end of the frame.
///
/// Every frame builds the same world, so `stateChecksum()` builds one more and sums it: per
/// entity `Transform`, `Position`, `Rotation`, `Velocity` (100 bytes). Work: `spawned` = N per
/// frame.
final class SimpleInsertWorkload: VerifiableWorkload {
    let entities: Int
    let batched: Bool
    /// The work of every frame run so far.
    private(set) var work = WorkCounts()

    /// A workload spawning `entities` entities per frame. Throws `BenchError.invalidArgument`
    /// for a count outside 0...`MeasureOptions.maxParticles`, so that no frame can reach a
    /// spawn that rejects it.
    init(entities: Int, batched: Bool) throws {
        guard (0...MeasureOptions.maxParticles).contains(entities) else {
            throw BenchError.invalidArgument(
                "simple_insert entity count must be in 0...\(MeasureOptions.maxParticles), got \(entities)")
        }
        self.entities = entities
        self.batched = batched
    }

    var name: String { batched ? "ecs.simple_insert_batch" : "ecs.simple_insert" }
    var params: [String: Int] { ["entities": entities] }
    var entitiesPerFrame: Int { entities }
    var bytesPerFrame: Int { entities * (MemoryLayout<Transform>.stride + 3 * MemoryLayout<Vector3>.stride) }
    var isParallel: Bool { false }

    func runFrame() {
        let world = World()
        fill(world)
        work.addFrame(spawned: entities)
    }

    /// The checksum of the world a frame builds.
    func stateChecksum() throws -> StateChecksum {
        let world = World()
        fill(world)
        return try StandardEntityChecksum.of(world)
    }

    /// Spawns the N entities into `world`.
    @inline(__always)
    private func fill(_ world: World) {
        // Cannot throw: the count was checked in `init` and a fresh world holds far more than
        // `MeasureOptions.maxParticles` entities.
        if batched {
            _ = try! world.spawnRepeating(count: entities, Transform(), Position(), Rotation(), Velocity())
        } else {
            for _ in 0..<entities {
                _ = try! world.spawn(Transform(), Position(), Rotation(), Velocity())
            }
        }
    }
}
