import Platform

/// A pending piece of work of a ``HostClock``. The timer owns the work until it runs or is
/// cancelled, then releases it, so a clock that keeps a fired or cancelled timer keeps
/// nothing the work captured alive.
public final class HostTimer: Sendable {
    /// Where the timer is in its life.
    private enum Phase {
        case pending(@Sendable () -> Void)
        case fired
        case cancelled
    }

    private let phase: Locked<Phase>

    /// A timer that will run `work` once, when its clock calls ``fire()``.
    public init(_ work: @escaping @Sendable () -> Void) {
        phase = Locked(.pending(work))
    }

    /// Keeps the work from running if it has not started yet, and releases it.
    public func cancel() {
        // The work leaves the lock and is released after it, so that whatever its captures
        // free on the way may use this timer again.
        _ = phase.withLock { phase -> Phase? in
            guard case .pending = phase else { return nil }
            defer { phase = .cancelled }
            return phase
        }
    }

    /// Runs the work on the calling thread and releases it, unless it already ran or the
    /// timer was cancelled (then it does nothing).
    public func fire() {
        let work: (@Sendable () -> Void)? = phase.withLock { phase in
            guard case .pending(let work) = phase else { return nil }
            phase = .fired
            return work
        }
        work?()
    }

    /// Whether ``cancel()`` was called before the work ran.
    public var isCancelled: Bool {
        phase.withLock { phase in
            if case .cancelled = phase { return true }
            return false
        }
    }
}
