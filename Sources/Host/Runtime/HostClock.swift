import Platform

/// The time source of a host and a client, with timers: frames, the delayed disposal and
/// every other timer go through it, so a test moves a ``VirtualClock`` instead of sleeping.
public protocol HostClock: TimeSource {
    /// Runs `work` once, `delay` from now, through the returned timer's ``HostTimer/fire()``
    /// (so that the timer releases `work` once it has run), unless the timer is cancelled first.
    func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void) -> HostTimer
}
