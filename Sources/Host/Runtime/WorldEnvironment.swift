/// What a host gives each world it starts: the clock of its frames, where its frames and
/// actions run, and how many of its events may wait for delivery.
struct WorldEnvironment: Sendable {
    /// The time source of the world's frames and action budgets.
    let clock: any HostClock
    /// Inline or isolated on a queue of the world's own.
    let execution: WorldExecution
    /// The bounds of the world's undelivered events.
    let eventLimits: WorldEventLimits
}
