import ECS

/// A ``HostedModel`` for a plain ECS world: each step runs its `Schedule` while playing.
///
/// A schedule has no start or end frame of its own: ``stop()`` and ``finish()`` stop playback
/// and leave the world as it is.
public final class ScheduledWorld: HostedModel {
    /// The world.
    public let world: World
    /// The systems run by each step.
    public let schedule: Schedule
    /// The events the schedule's systems emit (they capture the bus, which is `Sendable`).
    public let events: EventBus
    /// Whether steps run the schedule.
    public private(set) var isPlaying = true

    /// A playing model over `world` and `schedule`, emitting on `events`.
    public init(world: World, schedule: Schedule, events: EventBus = EventBus()) {
        self.world = world
        self.schedule = schedule
        self.events = events
    }

    /// Runs the schedule once with `deltaTime` when playing.
    public func step(deltaTime: Double) throws {
        guard isPlaying else { return }
        try schedule.run(world, deltaTime: deltaTime)
    }

    /// Stops running the schedule.
    public func pause() { isPlaying = false }
    /// Runs the schedule again.
    public func resume() { isPlaying = true }
    /// Stops running the schedule.
    public func stop() { isPlaying = false }
    /// Stops running the schedule.
    public func finish() { isPlaying = false }
}
