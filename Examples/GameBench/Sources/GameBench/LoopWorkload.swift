import BenchKit
import ECS

/// The same movement as a plain loop over one query, without an app: what the schedule costs
/// is the difference between this and `game.app`.
final class LoopWorkload: Workload, CountingWorkload, AllocationFreeWorkload {
    let name = "game.loop"
    let params: [String: Int]
    let entitiesPerFrame: Int
    /// Two `Float` pairs read and written per body per frame.
    var bytesPerFrame: Int { entitiesPerFrame * 2 * MemoryLayout<SIMD4<Float>>.size }
    private let world = World()
    private let bodies: Query<Write<Position>, Write<Velocity>>
    private let arena = Arena(width: 100, height: 100)
    private var frames = 0

    /// A world with `bodies` bodies spread over the arena, placed by `seed`.
    init(bodies count: Int, seed: UInt64) throws {
        try Bodies.spawn(count, in: world, seed: seed)
        bodies = try world.query(Write<Position>.self, Write<Velocity>.self)
        params = ["bodies": count]
        entitiesPerFrame = count
    }

    func runFrame() {
        // The query was built over components every body has; the loop cannot fail.
        try! Movement.step(bodies, arena: arena, dt: 1.0 / 60)
        frames += 1
    }

    /// Frames run, for the gate's exact check.
    var counters: [String: Int] { ["frames": frames] }
}
