import ECS
import Host
import Confetti

/// The confetti player as a hosted world: each host step advances the player's clock by the
/// fixed step and ticks it; after each step of a playing world the `frame` event carries the
/// alive particle count. The particles live in the ECS ``world``.
public final class ConfettiWorld: HostedModel {
    /// Holds the particles.
    public let world = World()
    /// Carries the `frame` events.
    public let events = EventBus()
    /// The player.
    public let player: ConfettiPlayer
    /// The canvas in points.
    public let canvasSize: SIMD2<Double>
    private let clock: ManualClock

    /// A stopped player with the celebration preset on the input's canvas and seed.
    /// - Throws: `ConfettiError` `invalidArgument` for a canvas side that is not a positive finite number.
    public init(input: ConfettiWorldInput) throws(ConfettiError) {
        let size = SIMD2(input.width ?? 390, input.height ?? 844)
        guard size.x.isFinite, size.y.isFinite, size.x > 0, size.y > 0 else {
            throw ConfettiError(.invalidArgument, "confetti canvas must have positive finite sides (got \(size.x) x \(size.y))")
        }
        canvasSize = size
        clock = ManualClock()
        player = try ConfettiPlayer(configuration: .celebration, world: world, seed: input.seed ?? 0, clock: clock)
    }

    /// Particles alive now (0 while stopped).
    public var aliveCount: Int { player.renderStates.count }

    /// Whether the player is playing and not paused.
    public var isPlaying: Bool { player.isPlaying }

    /// Advances the player's clock by `deltaTime` and ticks it; emits `frame` while playing.
    public func step(deltaTime: Double) throws {
        clock.advance(by: deltaTime)
        guard player.isPlaying else { return }
        player.tick()
        events.emit("frame", arguments: [.int(Int64(aliveCount))])
    }

    /// Pauses the player.
    public func pause() { player.pause() }
    /// Resumes the player.
    public func resume() { player.resume() }
    /// Stops the player (no particles: the start frame).
    public func stop() { player.stop() }

    /// Jumps to the end of the run and holds it.
    public func finish() {
        player.seek(to: player.simulation.duration)
        player.pause()
    }

    /// Starts from the beginning with `seed`, or with the input's seed when nil; returns the
    /// alive count.
    /// - Throws: the player's errors.
    public func start(seed: UInt64?) throws(ConfettiError) -> Int {
        try player.play(canvasSize: canvasSize, seed: seed ?? player.seed)
        return aliveCount
    }
}
