import BenchKit
import Confetti

/// The confetti frame in continuous mode: one fixed physics step (update and stable compaction,
/// dead particles respawned so N stays alive) plus render-state extraction, on a 1920x1080
/// canvas with the celebration preset.
///
/// `confetti` runs it as an app would: ``ConfettiPlugin``'s step and render systems on the
/// app's schedule, one `App.update` of one fixed step per frame. `confetti.direct` calls the
/// simulation itself, so the gate shows what the schedule costs.
final class ConfettiWorkload: SnapshotWorkload {
    let particles: Int
    let threads: Int
    /// Whether frames run through the app's schedule.
    let scheduled: Bool
    let simulation: ConfettiSimulation
    /// The app of the scheduled path.
    private let app: App?
    private let step: Double
    private var checksum = 0

    init(particles: Int, seed: UInt64, threads: Int, scheduled: Bool = true, kernels: KernelInstructionSet = .best) throws {
        self.particles = particles
        self.threads = threads
        self.scheduled = scheduled
        var configuration = ConfettiConfig.celebration
        configuration.lifecycle.particleCount = particles
        configuration.lifecycle.emission = .continuous
        step = configuration.physics.fixedDeltaTime
        if scheduled {
            let app = try App(threads: threads)
            try app.add(ConfettiPlugin(configuration: configuration, threads: threads, kernels: kernels))
            try app.world.resources.get(Events<ConfettiLaunch>.self).send(ConfettiLaunch(canvasSize: SIMD2(1920, 1080), seed: seed))
            try app.update(deltaTime: 0)
            simulation = try app.world.resources.get(ConfettiSimulation.self)
            self.app = app
        } else {
            simulation = try ConfettiSimulation(configuration: configuration, world: World(), threadCount: threads, kernels: kernels)
            try simulation.start(canvasSize: SIMD2(1920, 1080), seed: seed)
            app = nil
        }
    }

    var name: String { scheduled ? "confetti" : "confetti.direct" }
    var params: [String: Int] { ["particles": particles, "threads": threads] }
    var entitiesPerFrame: Int { particles }
    /// The bytes the step and the render-state extraction move: the frame reads the render
    /// states every time, so they are rendered in the step's pass (``ConfettiFrameTraffic``).
    var bytesPerFrame: Int { particles * ConfettiFrameTraffic.fusedPass.total }
    var isParallel: Bool { threads > 1 }

    func runFrame() {
        if let app {
            // Cannot throw: the plugin's systems step a started simulation and read its states.
            try! app.update(deltaTime: step)
        } else {
            // Cannot throw: the step count is a positive constant, its only error a negative one.
            try! simulation.advance(steps: 1)
        }
        checksum &+= simulation.renderStates.count
    }

    /// Draws the current frame on a 1920x1080 canvas and writes it as a PNG.
    func writeSnapshot(to path: String) throws {
        var canvas = try RGBA8Canvas(width: 1920, height: 1080, background: RenderWorkload.background, kernels: simulation.kernels)
        canvas.drawParticles(simulation.renderStates)
        try PNGCodec.write(canvas, to: path)
    }
}
