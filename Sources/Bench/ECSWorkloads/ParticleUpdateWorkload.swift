import BenchKit
import ECS
import Foundation
import Synchronization

/// The particle frame of a game: five small components per particle; gravity, drag 0.99, move,
/// spin, age and fade; exactly 1% of the particles reach the end of their life each frame and
/// are destroyed and respawned, so the count stays at N. The frame includes destroy, respawn
/// and compaction.
///
/// The update is written as a game would write a hot system: a chunk loop over the query's
/// column buffers that advances four particles per step with SIMD arithmetic.
///
/// The update runs over chunks of ``chunkRows`` rows, each listing its dead in its own
/// segment, and the dead are replaced with one ``World/respawn(_:threads:_:)``, which leaves
/// the world the loop of a destroy and a spawn per dead particle (the peer implementations'
/// form) leaves. On more than one thread the chunks and the respawn run in parallel, and the
/// world is bit for bit the one-thread world. A frame allocates nothing on one thread; on
/// more, the parallel loops allocate their job lists.
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
    /// Rows per chunk of the parallel update.
    static let chunkRows = 16_384

    let entities: Int
    let threads: Int
    /// The work of every frame run so far.
    private(set) var work = WorkCounts()
    private let world = World()
    private let update: Query<Write<Position>, Write<Velocity>, Write<Spin>, Write<Opacity>, Write<Lifetime>>
    @exclusivity(unchecked) private var random = SplitMix64(seed: 12345)
    @exclusivity(unchecked) private var dying: [Entity] = []
    /// The per-chunk lists of the dying of a parallel update.
    private let chunkDeaths: ChunkDeathLists

    /// Spawns `entities` particles. Throws `BenchError.invalidArgument` for a thread count
    /// below 1.
    init(entities: Int, threads: Int = 1) throws {
        guard threads >= 1 else {
            throw BenchError.invalidArgument("particle_update needs at least 1 thread, got \(threads)")
        }
        self.entities = entities
        self.threads = threads
        update = try world.query(
            Write<Position>.self, Write<Velocity>.self, Write<Spin>.self, Write<Opacity>.self, Write<Lifetime>.self)
        for i in 0..<entities {
            let particle = Self.particle(&random, framesToLive: i % Self.lifespanFrames + 1)
            try world.spawn(particle.0, particle.1, particle.2, particle.3, particle.4)
        }
        dying.reserveCapacity(entities / Self.lifespanFrames + 1)
        chunkDeaths = ChunkDeathLists(chunks: (entities + Self.chunkRows - 1) / Self.chunkRows)
    }

    deinit { chunkDeaths.deallocate() }

    var name: String { "ecs.particle_update" }
    var params: [String: Int] { ["entities": entities, "threads": threads] }
    var entitiesPerFrame: Int { entities }
    /// Five components read and written once per particle.
    var bytesPerFrame: Int { entities * 2 * (8 + 8 + 8 + 4 + 4) }
    var isParallel: Bool { threads > 1 }
    /// Spawns, destroys and compactions so far: exactly 1% of the particles per frame.
    var counters: [String: Int] {
        ["spawned": world.diagnostics[.spawned], "destroyed": world.diagnostics[.destroyed],
         "compactions": world.diagnostics[.compactions]]
    }

    /// The components of a new particle that lives `framesToLive` frames, from two draws of
    /// `random`.
    private static func particle(
        _ random: inout SplitMix64, framesToLive: Int
    ) -> (Position, Velocity, Spin, Opacity, Lifetime) {
        let angle = Float(random.next() >> 40) / Float(1 << 24) * 2 * .pi
        let speed = 50 + Float(random.next() >> 40) / Float(1 << 24) * 100
        return (
            Position(value: .zero),
            Velocity(value: SIMD2(speed * cos(angle), speed * sin(angle))),
            Spin(angle: 0, speed: angle - .pi),
            Opacity(value: 1),
            Lifetime(remaining: Float(framesToLive) * Self.dt))
    }

    /// Updates every particle, listing the dying in row order, then replaces them with one
    /// ``World/respawn(_:threads:_:)`` (the `k`-th new particle draws from the generator
    /// advanced by `2k` draws, as the `k`-th spawn of a loop would) and compacts.
    func runFrame() {
        dying.removeAll(keepingCapacity: true)
        let updated = listDying()
        let first = random
        // Cannot throw: the dying came from the query's rows, so they are alive and listed
        // once, the iteration has ended, and the thread count was checked in `init`.
        try! world.respawn(&dying, threads: threads) { k in
            var random = first.advanced(by: 2 * k)
            return Self.particle(&random, framesToLive: Self.lifespanFrames)
        }
        random = first.advanced(by: 2 * dying.count)
        world.compact()
        work.addFrame(updated: updated, spawned: dying.count, destroyed: dying.count)
    }

    /// The update on ``threads`` threads, listing the dying in ``dying`` in row order; returns
    /// the particles updated. Each chunk lists its dying in its own segment, and the segments
    /// are joined in chunk order.
    private func listDying() -> Int {
        let deaths = chunkDeaths
        let updated = Atomic<Int>(0)
        // Cannot throw: the thread count was checked in `init`, the chunk size is a positive
        // constant and no access is undeclared outside a system.
        try! update.forEachChunk(threads: threads, chunkSize: Self.chunkRows) {
            chunk, positions, velocities, spins, opacities, lifetimes in
            let columns = Columns(
                positions: positions, velocities: velocities, spins: spins, opacities: opacities, lifetimes: lifetimes)
            updated.add(chunk.count, ordering: .relaxed)
            let index = chunk.firstRow / Self.chunkRows
            var count = 0
            columns.update(chunk.count) { row in
                deaths.append(chunk.entities[row], toChunk: index, at: count)
                count += 1
            }
            deaths.setCount(count, ofChunk: index)
        }
        deaths.appendAll(to: &dying)
        return updated.load(ordering: .relaxed)
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

        /// Advances rows `0..<count`, four at a time and then one by one; reports the rows that
        /// die, in order.
        @inline(__always)
        func update(_ count: Int, dies: (Int) -> Void) {
            let vectorised = count & ~3
            var row = 0
            while row < vectorised {
                updateFour(at: row, dies: dies)
                row += 4
            }
            while row < count {
                updateOne(at: row, dies: dies)
                row += 1
            }
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
