import Synchronization

/// A pending piece of work of a ``HostClock``; cancelling it keeps the work from running.
public final class HostTimer: Sendable {
    private let cancelled = Atomic<Bool>(false)

    /// A timer that has not been cancelled.
    public init() {}

    /// Keeps the work from running if it has not started yet.
    public func cancel() {
        cancelled.store(true, ordering: .releasing)
    }

    /// Whether ``cancel()`` was called.
    public var isCancelled: Bool { cancelled.load(ordering: .acquiring) }
}
