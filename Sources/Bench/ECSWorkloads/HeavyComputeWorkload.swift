import BenchKit
import ECS

/// ecs_bench_suite `heavy_compute`: N entities each invert their matrix 100 times and transform
/// their position, split across threads by chunks.
///
/// Checksum components: `Transform`, `Position`, `Rotation`, `Velocity`; each entity's result
/// does not depend on the thread count. Work: `updated` = N per frame.
final class HeavyComputeWorkload: VerifiableWorkload {
    let entities: Int
    let threads: Int
    /// The work of every frame run so far.
    private(set) var work = WorkCounts()
    private let world = World()
    private let compute: Query<Write<Transform>, Write<Position>>

    /// Spawns `entities` entities. Throws `BenchError.invalidArgument` for a thread count
    /// below 1, so that no frame can reach the query's own rejection of it.
    init(entities: Int, threads: Int) throws {
        guard threads >= 1 else {
            throw BenchError.invalidArgument("heavy_compute needs at least 1 thread, got \(threads)")
        }
        self.entities = entities
        self.threads = threads
        try world.spawn(count: entities) { _ in (Transform(), Position(), Rotation(), Velocity()) }
        compute = try world.query(Write<Transform>.self, Write<Position>.self)
    }

    var name: String { "ecs.heavy_compute" }
    var params: [String: Int] { ["entities": entities, "threads": threads] }
    var entitiesPerFrame: Int { entities }
    var bytesPerFrame: Int { entities * 2 * (MemoryLayout<Transform>.stride + MemoryLayout<Position>.stride) }
    var isParallel: Bool { threads > 1 }

    func runFrame() {
        // Cannot throw: the thread count was checked in `init`, the chunk size is a positive
        // constant and the query runs outside any system, so no access is undeclared.
        try! compute.forEachChunk(threads: threads, chunkSize: 64) { _, transforms, positions in
            for i in transforms.indices {
                for _ in 0..<100 { transforms[i].matrix = transforms[i].matrix.inverse() }
                let p = positions[i].value
                let moved = transforms[i].matrix.transform(SIMD4(p.x, p.y, p.z, 1))
                positions[i].value = Vector3(x: moved.x, y: moved.y, z: moved.z)
            }
        }
        work.addFrame(updated: compute.count)
    }

    /// The checksum over the components the type's doc comment lists.
    func stateChecksum() throws -> StateChecksum {
        try StandardEntityChecksum.of(world)
    }
}
