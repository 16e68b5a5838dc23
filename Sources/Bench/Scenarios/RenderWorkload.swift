import BenchKit
import Confetti

/// Drawing one confetti frame: N particle render states (a continuous-mode cloud stepped one
/// second in) blended into a 1920x1080 RGBA8 canvas cleared in the same call, on `threads`
/// threads (bands of rows per thread, the same pixels for every count). As in an app drawing
/// frame after frame, the clear sets only the region the previous frame drew: the rest of the
/// canvas is the background already. Judged on the frame
/// budget like the other scenarios: the p99 of CPU time on one thread, the median of the
/// 10-frame wall-time minima on several (see ``BudgetJudge``).
final class RenderWorkload: AllocationFreeWorkload, SnapshotWorkload {
    static let background = RGBAColor(r: 0.08, g: 0.08, b: 0.12)

    let particles: Int
    let threads: Int
    private var canvas: RGBA8Canvas
    private let states: [ParticleRenderState]

    init(particles: Int, seed: UInt64, threads: Int = 1, kernels: KernelInstructionSet = .best) throws {
        self.particles = particles
        self.threads = threads
        let simulation = try ConfettiWorkload(particles: particles, seed: seed, threads: 1).simulation
        try simulation.advance(steps: 60)
        states = simulation.renderStates
        canvas = try RGBA8Canvas(width: 1920, height: 1080, background: Self.background, kernels: kernels)
        // Checks the thread count once, so the frames cannot fail.
        _ = try canvas.drawParticles([], threads: threads)
    }

    var name: String { "render" }
    var params: [String: Int] { ["particles": particles, "width": 1920, "height": 1080, "threads": threads] }
    var entitiesPerFrame: Int { particles }
    var bytesPerFrame: Int { 1920 * 1080 * 4 + particles * MemoryLayout<ParticleRenderState>.stride }
    var isParallel: Bool { threads > 1 }

    func runFrame() {
        // Cannot throw: the thread count was checked in `init`, its only error.
        try! canvas.drawParticles(states, threads: threads, clearingTo: Self.background)
    }

    func writeSnapshot(to path: String) throws {
        try PNGCodec.write(canvas, to: path)
    }
}
