import ECS
import Foundation

/// The particle frame of a game: five small components per particle; gravity, drag 0.99, move,
/// spin, age and fade; exactly 1% of the particles reach the end of their life each frame and
/// are destroyed and respawned, so the count stays at N. The frame includes destroy, respawn
/// and compaction.
///
/// The update is written as a game would write a hot system: a chunk loop over the query's
/// column buffers that advances four particles per step with SIMD arithmetic.
///
/// Checksum components: `Position`, `Velocity`, `Spin`, `Opacity`, `Lifetime` (32 bytes).
/// Work per frame: `updated` = N, `destroyed` = `spawned` = the particles that died (N/100
/// when N is a multiple of 100).
final class ParticleUpdateWorkload: AllocationFreeWorkload, CountingWorkload, VerifiableWorkload {
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
    /// The work of every frame run so far.
    private(set) var work = WorkCounts()
    private let world = World()
    private let update: Query<Write<Position>, Write<Velocity>, Write<Spin>, Write<Opacity>, Write<Lifetime>>
    @exclusivity(unchecked) private var random = SplitMix64(seed: 12345)
    @exclusivity(unchecked) private var dying: [Entity] = []

    init(entities: Int) throws {
        self.entities = entities
        update = try world.query(
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
        dying.removeAll(keepingCapacity: true)
        var updated = 0
        // Cannot throw: outside a system no access is undeclared, the one error it reports.
        try! update.forEachChunk { chunk, positions, velocities, spins, opacities, lifetimes in
            updated &+= chunk.count
            let columns = Columns(
                positions: positions, velocities: velocities, spins: spins, opacities: opacities, lifetimes: lifetimes)
            let vectorised = chunk.count & ~3
            var row = 0
            while row < vectorised {
                columns.updateFour(at: row) { dying.append(chunk.entities[$0]) }
                row += 4
            }
            while row < chunk.count {
                columns.updateOne(at: row) { dying.append(chunk.entities[$0]) }
                row += 1
            }
        }
        // Cannot throw: each dying entity came from the query's rows, so it is alive, and the
        // iteration has ended; each destroy is followed by one spawn, so the live count never
        // grows towards a capacity limit.
        for entity in dying {
            try! world.destroy(entity)
            try! spawnParticle(framesToLive: Self.lifespanFrames)
        }
        world.compact()
        work.addFrame(updated: updated, spawned: dying.count, destroyed: dying.count)
    }

    /// The checksum over the components the type's doc comment lists.
    func stateChecksum() throws -> StateChecksum {
        var checksum = StateChecksum()
        try world.query(
            Read<Position>.self, Read<Velocity>.self, Read<Spin>.self, Read<Opacity>.self, Read<Lifetime>.self
        ).forEachChunk { chunk, positions, velocities, spins, opacities, lifetimes in
            for row in 0..<chunk.count {
                checksum.add(positions[row], velocities[row], spins[row], opacities[row], lifetimes[row])
            }
        }
        return checksum
    }

    /// One chunk's columns as raw addresses, for 4-particle vector steps.
    struct Columns {
        let positions, velocities, spins, opacities, lifetimes: UnsafeMutableRawPointer

        static let gravity: Float = 98 * ParticleUpdateWorkload.dt
        static let drag: Float = 0.99
        static let inverseLifespan = 1 / (Float(ParticleUpdateWorkload.lifespanFrames) * ParticleUpdateWorkload.dt)
        /// Particles whose remaining life drops below half a frame die this frame.
        static let deathThreshold = ParticleUpdateWorkload.dt / 2

        init(
            positions: UnsafeMutableBufferPointer<Position>, velocities: UnsafeMutableBufferPointer<Velocity>,
            spins: UnsafeMutableBufferPointer<Spin>, opacities: UnsafeMutableBufferPointer<Opacity>,
            lifetimes: UnsafeMutableBufferPointer<Lifetime>
        ) {
            self.positions = UnsafeMutableRawPointer(positions.baseAddress!)
            self.velocities = UnsafeMutableRawPointer(velocities.baseAddress!)
            self.spins = UnsafeMutableRawPointer(spins.baseAddress!)
            self.opacities = UnsafeMutableRawPointer(opacities.baseAddress!)
            self.lifetimes = UnsafeMutableRawPointer(lifetimes.baseAddress!)
        }

        /// Advances rows `row..<row+4`: 8-lane arithmetic on the two-float components
        /// (position, velocity, spin), 4-lane on the one-float ones; reports the rows that die.
        @inline(__always)
        func updateFour(at row: Int, dies: (Int) -> Void) {
            let dt = ParticleUpdateWorkload.dt
            let pairs = row &* 8, singles = row &* 4
            let velocity = (velocities.loadUnaligned(fromByteOffset: pairs, as: SIMD8<Float>.self)
                + SIMD8(0, Self.gravity, 0, Self.gravity, 0, Self.gravity, 0, Self.gravity)) * Self.drag
            velocities.storeBytes(of: velocity, toByteOffset: pairs, as: SIMD8<Float>.self)
            let position = positions.loadUnaligned(fromByteOffset: pairs, as: SIMD8<Float>.self) + velocity * dt
            positions.storeBytes(of: position, toByteOffset: pairs, as: SIMD8<Float>.self)

            // Each angle gains its speed times dt; each speed gains its (finite) angle times 0,
            // which leaves it as it is. In place, without splitting the pairs and zipping them back.
            let spin = spins.loadUnaligned(fromByteOffset: pairs, as: SIMD8<Float>.self)
            let swapped = SIMD8(spin[1], spin[0], spin[3], spin[2], spin[5], spin[4], spin[7], spin[6])
            spins.storeBytes(of: spin + swapped * SIMD8(dt, 0, dt, 0, dt, 0, dt, 0), toByteOffset: pairs, as: SIMD8<Float>.self)

            let remaining = lifetimes.loadUnaligned(fromByteOffset: singles, as: SIMD4<Float>.self) - dt
            lifetimes.storeBytes(of: remaining, toByteOffset: singles, as: SIMD4<Float>.self)
            opacities.storeBytes(of: remaining * Self.inverseLifespan, toByteOffset: singles, as: SIMD4<Float>.self)

            // One vector compare and a sign-bit test; `min` over the lanes would order NaNs
            // lane by lane, in branches.
            if any(remaining .< Self.deathThreshold) {
                for lane in 0..<4 where remaining[lane] < Self.deathThreshold { dies(row + lane) }
            }
        }

        /// The one-particle form of ``updateFour(at:dies:)``, for the last rows of a chunk.
        @inline(__always)
        func updateOne(at row: Int, dies: (Int) -> Void) {
            let dt = ParticleUpdateWorkload.dt
            let velocity = (velocities.load(fromByteOffset: row &* 8, as: SIMD2<Float>.self) + SIMD2(0, Self.gravity)) * Self.drag
            velocities.storeBytes(of: velocity, toByteOffset: row &* 8, as: SIMD2<Float>.self)
            let position = positions.load(fromByteOffset: row &* 8, as: SIMD2<Float>.self) + velocity * dt
            positions.storeBytes(of: position, toByteOffset: row &* 8, as: SIMD2<Float>.self)
            let spin = spins.load(fromByteOffset: row &* 8, as: SIMD2<Float>.self)
            spins.storeBytes(of: spin.x + spin.y * dt, toByteOffset: row &* 8, as: Float.self)
            let remaining = lifetimes.load(fromByteOffset: row &* 4, as: Float.self) - dt
            lifetimes.storeBytes(of: remaining, toByteOffset: row &* 4, as: Float.self)
            opacities.storeBytes(of: remaining * Self.inverseLifespan, toByteOffset: row &* 4, as: Float.self)
            if remaining < Self.deathThreshold { dies(row) }
        }
    }
}
