import BenchKit
import ECS

/// The game as it runs: an `App` with the movement plugin, one `update` per frame (one fixed
/// step at 60 Hz).
final class AppWorkload: Workload, CountingWorkload {
    let name = "game.app"
    let params: [String: Int]
    let entitiesPerFrame: Int
    /// Two `Float` pairs read and written per body per frame.
    var bytesPerFrame: Int { entitiesPerFrame * 2 * MemoryLayout<SIMD4<Float>>.size }
    private let app: App
    private var frames = 0

    /// An app with `bodies` bodies spread over the arena, placed by `seed`.
    init(bodies: Int, seed: UInt64) throws {
        app = try App(threads: 1)
        try app.add(MovementPlugin(arena: Arena(width: 100, height: 100)))
        try Bodies.spawn(bodies, in: app.world, seed: seed)
        params = ["bodies": bodies]
        entitiesPerFrame = bodies
    }

    func runFrame() {
        // The systems cannot fail: every component and resource they read was added in init.
        try! app.update(deltaTime: 1.0 / 60)
        frames += 1
    }

    /// Frames run, for the gate's exact check.
    var counters: [String: Int] { ["frames": frames] }
}
