import Systems

/// The confetti frame in continuous mode: one fixed physics step (update and stable compaction,
/// dead particles respawned so N stays alive) plus render-state extraction, on a 1920x1080
/// canvas with the celebration preset.
final class ConfettiWorkload: SnapshotWorkload {
    let particles: Int
    let threads: Int
    let simulation: ConfettiSimulation
    private var checksum = 0

    init(particles: Int, seed: UInt64, threads: Int) throws {
        self.particles = particles
        self.threads = threads
        var configuration = ConfettiConfig.celebration
        configuration.lifecycle.particleCount = particles
        configuration.lifecycle.emission = .continuous
        simulation = try ConfettiSimulation(configuration: configuration, world: World(), threadCount: threads)
        try simulation.start(canvasSize: SIMD2(1920, 1080), seed: seed)
    }

    var name: String { "confetti" }
    var params: [String: Int] { ["particles": particles, "threads": threads] }
    var entitiesPerFrame: Int { particles }
    /// The bytes the step and the render-state extraction move: the frame reads the render
    /// states every time, so they are rendered in the step's pass (``ConfettiFrameTraffic``).
    var bytesPerFrame: Int { particles * ConfettiFrameTraffic.fusedPass.total }
    var isParallel: Bool { threads > 1 }

    func runFrame() {
        // Cannot throw: the step count is a positive constant, its only error a negative one.
        try! simulation.advance(steps: 1)
        checksum &+= simulation.renderStates.count
    }

    /// Draws the current frame on a 1920x1080 canvas and writes it as a PNG.
    func writeSnapshot(to path: String) throws {
        var canvas = try RGBA8Canvas(width: 1920, height: 1080, background: RenderWorkload.background)
        canvas.drawParticles(simulation.renderStates)
        try PNGCodec.write(canvas, to: path)
    }
}
