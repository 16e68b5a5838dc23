import BenchKit
import Confetti

/// Cached render-state reads through the public API: each frame reads `player.renderStates`
/// of a stepped, unchanged 1,000-particle continuous cloud 1,000 times (ns/entity is the cost
/// of one read). Every read is a cache hit, so the frame allocates nothing; `bench gate` counts
/// its instructions, which fails CI when a cached read gets more expensive (for example when it
/// starts copying the array or reference counting it again). Judged against the frame budget.
final class CacheReadWorkload: AllocationFreeWorkload {
    /// Reads per frame.
    static let reads = 1_000
    /// Particles of the cloud read.
    static let particles = 1_000

    private let player: ConfettiPlayer
    private var checksum = 0

    /// A player on a 300x600 canvas, started with `seed` and stepped once.
    init(seed: UInt64, kernels: KernelInstructionSet = .best) throws {
        var configuration = ConfettiConfig.celebration
        configuration.lifecycle.particleCount = Self.particles
        configuration.lifecycle.emission = .continuous
        let clock = ManualClock()
        player = try ConfettiPlayer(configuration: configuration, world: World(), seed: seed, clock: clock, kernels: kernels)
        try player.play(canvasSize: SIMD2(300, 600))
        clock.advance(by: configuration.physics.fixedDeltaTime)
        player.tick()
        checksum = player.renderStates.count
    }

    /// "cache.read".
    var name: String { "cache.read" }
    /// Reads per frame and particles.
    var params: [String: Int] { ["reads": Self.reads, "particles": Self.particles] }
    /// One entity per read, so ns/entity is the cost of a read.
    var entitiesPerFrame: Int { Self.reads }
    /// A read touches the simulation, the cloud and the array header: three cache lines.
    var bytesPerFrame: Int { Self.reads * 3 * 64 }
    /// Runs on the calling thread.
    var isParallel: Bool { false }

    /// Reads the cached render states `reads` times.
    func runFrame() {
        for _ in 0..<Self.reads {
            checksum &+= CachedRead.count(of: player)
        }
    }
}
