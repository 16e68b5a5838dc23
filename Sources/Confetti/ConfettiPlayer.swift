import ECS
import Platform
import Render

/// Video-player controls over a ``ConfettiSimulation`` driven by an injected clock.
///
/// The host calls ``tick()`` once per frame, for example from a display link (or a test moves
/// a `ManualClock` and ticks). Like the simulation, a player is confined to one thread at a
/// time.
///
/// Every ``play(canvasSize:)`` starts from the player's seed, so replays are identical; to make
/// a play differ, pass another seed to ``play(canvasSize:seed:)``.
public final class ConfettiPlayer {
    /// The simulation played.
    public let simulation: ConfettiSimulation
    /// The time source.
    public let clock: any TimeSource
    /// Seed of ``play(canvasSize:)``.
    public let seed: UInt64

    /// Creates a stopped player whose particles will live in `world`.
    /// - Throws: the errors of ``ConfettiSimulation/init(configuration:world:colorSource:threadCount:kernels:)``.
    public init(
        configuration: ConfettiConfig = .celebration,
        world: World,
        colorSource: some ConfettiColorSource = DefaultColorSource(),
        seed: UInt64 = 0,
        clock: any TimeSource = MonotonicClock(),
        threadCount: Int = 1,
        kernels: KernelInstructionSet = .best
    ) throws(ConfettiError) {
        simulation = try ConfettiSimulation(
            configuration: configuration, world: world, colorSource: colorSource, threadCount: threadCount,
            kernels: kernels)
        self.clock = clock
        self.seed = seed
    }

    /// Render states of the current frame (empty while stopped): ``ConfettiSimulation/renderStates``,
    /// lent without a copy, so a cached read costs no reference counting here either.
    @inlinable
    public var renderStates: [ParticleRenderState] {
        _read { yield simulation.renderStates }
    }

    /// Whether the playback is running and not paused.
    public var isPlaying: Bool { simulation.state.isPlaying }

    /// Starts from the beginning on a canvas of `canvasSize` points with the player's seed.
    /// - Throws: the errors of ``ConfettiSimulation/start(canvasSize:seed:at:)``.
    public func play(canvasSize: SIMD2<Double>) throws(ConfettiError) {
        try play(canvasSize: canvasSize, seed: seed)
    }

    /// Starts from the beginning with `seed`.
    /// - Throws: the errors of ``ConfettiSimulation/start(canvasSize:seed:at:)``.
    public func play(canvasSize: SIMD2<Double>, seed: UInt64) throws(ConfettiError) {
        try simulation.start(canvasSize: canvasSize, seed: seed, at: clock.seconds)
    }

    /// Advances to the clock's current time; call it once per displayed frame.
    public func tick() {
        simulation.update(at: clock.seconds)
    }

    /// Pauses; the render states stay as they are.
    public func pause() {
        simulation.pause()
    }

    /// Resumes a paused playback from the clock's current time.
    public func resume() {
        simulation.resume(at: clock.seconds)
    }

    /// Jumps to `time` seconds by replaying from the start (clamped to the duration).
    public func seek(to time: Double) {
        simulation.seek(to: time)
    }

    /// Stops and clears the render states.
    public func stop() {
        simulation.stop()
    }

    /// Changes the canvas used by later steps.
    /// - Throws: `ConfettiError` `invalidArgument` for a side that is not a positive finite number.
    public func updateCanvasSize(_ size: SIMD2<Double>) throws(ConfettiError) {
        try simulation.updateCanvasSize(size)
    }
}
