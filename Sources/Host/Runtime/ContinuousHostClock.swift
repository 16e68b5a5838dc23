/// Real time: `ContinuousClock`, with timers as sleeping tasks.
public struct ContinuousHostClock: HostClock {
    private let origin = ContinuousClock.now

    /// A clock whose origin is now.
    public init() {}

    /// Time since the clock was created.
    public var now: Duration { ContinuousClock.now - origin }

    /// Runs `work` on a task after sleeping `delay`.
    public func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void) -> HostTimer {
        let timer = HostTimer(work)
        Task {
            try? await Task.sleep(for: delay)
            timer.fire()
        }
        return timer
    }
}
