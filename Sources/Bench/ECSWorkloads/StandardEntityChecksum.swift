import BenchKit
import ECS

/// The `StateChecksum` of the ecs_bench_suite entities: per entity `Transform`, `Position`,
/// `Rotation`, `Velocity`, in that order (64 + 12 + 12 + 12 bytes).
enum StandardEntityChecksum {
    /// The checksum over every entity of `world` holding the four components.
    static func of(_ world: World) throws -> StateChecksum {
        var checksum = StateChecksum()
        try world.query(Read<Transform>.self, Read<Position>.self, Read<Rotation>.self, Read<Velocity>.self)
            .forEachChunk { chunk, transforms, positions, rotations, velocities in
                for row in 0..<chunk.count {
                    checksum.add(transforms[row], positions[row], rotations[row], velocities[row])
                }
            }
        return checksum
    }
}
