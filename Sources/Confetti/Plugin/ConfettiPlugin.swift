import ECS
import Render

/// Confetti particles as a plugin: the confetto components, a ``ConfettiSimulation`` resource
/// over the app's world, the ``ConfettiLaunch`` event and three systems.
///
/// - `confetti.step` (`Stage/update`, exclusive: launches spawn particles and compaction
///   removes them) starts a run for the last ``ConfettiLaunch`` sent since it last ran, then
///   advances the simulation to the app's elapsed time: the fixed steps, stop rules,
///   respawns and compaction (``ConfettiSimulation/update(at:)``);
/// - `confetti.render` (`Stage/render`) extracts the particles' render states into the
///   simulation's version-gated cache (``ConfettiSimulation/renderStates``), fused with the last
///   step's pass when they are read every frame;
/// - `confetti.draw` (`Stage/render`, `DrawLayer/overlay`) draws them over the scene into
///   the app's `FrameCanvas` (`RGBA8Canvas/drawParticles(_:threads:clearingTo:)` on the
///   canvas's threads); it runs only when the app has a canvas (`CanvasPlugin`).
public struct ConfettiPlugin: Plugin {
    /// The simulation's configuration.
    public var configuration: ConfettiConfig
    /// Threads of the step and the render extraction.
    public var threads: Int
    /// The instruction set of the step and render kernels (the same bits on every set).
    public var kernels: KernelInstructionSet

    /// The plugin with `configuration` on `threads` threads, its kernels on `kernels`.
    public init(configuration: ConfettiConfig = .celebration, threads: Int = 1, kernels: KernelInstructionSet = .best) {
        self.configuration = configuration
        self.threads = threads
        self.kernels = kernels
    }

    /// Registers the confetto components, the simulation, the event and the three systems.
    public func build(_ app: App) throws {
        try app.registerComponent(ConfettoID.self)
        try app.registerComponent(ConfettoSize.self)
        try app.registerComponent(ConfettoColor.self)
        try app.registerComponent(ConfettoSpin.self)
        try app.registerComponent(ConfettoWindForce.self)
        try app.registerComponent(ConfettoPosition.self)
        try app.registerComponent(ConfettoVelocity.self)
        try app.registerComponent(ConfettoRotation.self)
        try app.registerComponent(ConfettoOpacity.self)
        try app.insertResource(try ConfettiSimulation(
            configuration: configuration, world: app.world, threadCount: threads, kernels: kernels))
        try app.addEvent(ConfettiLaunch.self)
        try app.addSystem("confetti.step") {
            (_: ExclusiveWorld, launches: EventReader<ConfettiLaunch>, simulation: ResMut<ConfettiSimulation>, time: Res<Time>) in
            let simulation = simulation.value
            if let launch = launches.read().last {
                try simulation.start(canvasSize: launch.canvasSize, seed: launch.seed, at: time.value.elapsed)
            }
            simulation.update(at: time.value.elapsed + time.value.delta)
        }
        try app.addSystem("confetti.render", in: .render) {
            (simulation: ResMut<ConfettiSimulation>,
             _: Query<Read<ConfettoID>, Read<ConfettoSize>, Read<ConfettoColor>, Read<ConfettoPosition>, Read<ConfettoRotation>, Read<ConfettoOpacity>>) in
            _ = simulation.value.renderStates.count
        }
        DrawLayer.declare(in: app)
        try app.addSystem(
            "confetti.draw", in: .render, sets: [DrawLayer.overlay], after: DrawLayer.below(DrawLayer.overlay) + ["confetti.render"]
        ) { (frame: ResMut<FrameCanvas>, simulation: ResMut<ConfettiSimulation>) in
            let threads = frame.value.threads
            try frame.value.canvas.drawParticles(simulation.value.renderStates, threads: threads)
        }.runIf { world in try world.resources.contains(FrameCanvas.self) }
    }
}
