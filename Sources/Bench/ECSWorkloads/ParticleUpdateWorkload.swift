import ECS
import Foundation

/// The particle frame of a game: five small components per particle; gravity, drag 0.99, move,
/// spin, age and fade; exactly 1% of the particles reach the end of their life each frame and
/// are destroyed and respawned, so the count stays at N. The frame includes destroy, respawn
/// and compaction.
final class ParticleUpdateWorkload: AllocationFreeWorkload, CountingWorkload {
    struct Position { var value: SIMD2<Float> }
    struct Velocity { var value: SIMD2<Float> }
    /// Angle and angular speed.
    struct Spin { var angle: Float; var speed: Float }
    struct Opacity { var value: Float }
    /// Seconds left to live.
    struct Lifetime { var remaining: Float }

    static let dt: Float = 1.0 / 60.0
    static let lifespanFrames = 100

    let entities: Int
    private let world = World()
    private let update: Query<Write<Position>, Write<Velocity>, Write<Spin>, Write<Opacity>, Write<Lifetime>>
    private var random = SplitMix64(seed: 12345)
    private var dying: [Entity] = []

    init(entities: Int) throws {
        self.entities = entities
        update = world.query(
            Write<Position>.self, Write<Velocity>.self, Write<Spin>.self, Write<Opacity>.self, Write<Lifetime>.self)
        for i in 0..<entities {
            try spawnParticle(framesToLive: i % Self.lifespanFrames + 1)
        }
        dying.reserveCapacity(entities / Self.lifespanFrames + 1)
    }

    var name: String { "ecs.particle_update" }
    var params: [String: Int] { ["entities": entities] }
    var entitiesPerFrame: Int { entities }
    /// Five components read and written once per particle.
    var bytesPerFrame: Int { entities * 2 * (8 + 8 + 8 + 4 + 4) }
    var isParallel: Bool { false }
    /// Spawns, destroys and compactions so far: exactly 1% of the particles per frame.
    var counters: [String: Int] {
        ["spawned": world.diagnostics[.spawned], "destroyed": world.diagnostics[.destroyed],
         "compactions": world.diagnostics[.compactions]]
    }

    private func spawnParticle(framesToLive: Int) throws {
        let angle = Float(random.next() >> 40) / Float(1 << 24) * 2 * .pi
        let speed = 50 + Float(random.next() >> 40) / Float(1 << 24) * 100
        try world.spawn(
            Position(value: .zero),
            Velocity(value: SIMD2(speed * cos(angle), speed * sin(angle))),
            Spin(angle: 0, speed: angle - .pi),
            Opacity(value: 1),
            Lifetime(remaining: Float(framesToLive) * Self.dt))
    }

    func runFrame() {
        let dt = Self.dt
        let gravity = SIMD2<Float>(0, 98 * dt)
        let lifespan = Float(Self.lifespanFrames) * dt
        let threshold = dt / 2
        dying.removeAll(keepingCapacity: true)
        update.forEachChunk { chunk, positions, velocities, spins, opacities, lifetimes in
            for i in 0..<chunk.count {
                let velocity = (velocities[i].value + gravity) * 0.99
                velocities[i].value = velocity
                positions[i].value += velocity * dt
                spins[i].angle += spins[i].speed * dt
                let remaining = lifetimes[i].remaining - dt
                lifetimes[i].remaining = remaining
                opacities[i].value = remaining / lifespan
            }
            for i in 0..<chunk.count where lifetimes[i].remaining < threshold {
                dying.append(chunk.entities[i])
            }
        }
        for entity in dying {
            try! world.destroy(entity)
            try! spawnParticle(framesToLive: Self.lifespanFrames)
        }
        world.compact()
    }
}
