import Platform

/// Time that moves only when told to: ``advance(by:)`` runs every timer that falls due, in
/// deadline order (then in scheduling order), on the calling thread, with ``now`` set to each
/// timer's deadline while it runs. Timers scheduled by those timers run too when they fall
/// due within the same advance. Time is counted in whole nanoseconds, so it never drifts.
public final class VirtualClock: HostClock {
    private struct Pending {
        let deadline: Duration
        let order: Int
        let timer: HostTimer
    }

    private struct State {
        var now: Duration = .zero
        var nextOrder = 0
        var pending: [Pending] = []
    }

    private let state = Locked(State())

    /// A clock at zero with no timers.
    public init() {}

    /// The virtual time.
    public var now: Duration { state.withLock { $0.now } }

    /// Timers neither run nor cancelled.
    public var pendingTimers: Int { state.withLock { $0.pending.filter { !$0.timer.isCancelled }.count } }

    /// Schedules `work` at `now + delay` (a negative delay counts as zero).
    public func schedule(after delay: Duration, _ work: @escaping @Sendable () -> Void) -> HostTimer {
        let timer = HostTimer(work)
        state.withLock { state in
            let deadline = state.now + max(delay, .zero)
            state.pending.append(Pending(deadline: deadline, order: state.nextOrder, timer: timer))
            state.nextOrder += 1
        }
        return timer
    }

    /// Moves time forward by `duration`, running the timers that fall due.
    /// - Throws: `ActorError` `invalid_argument` for a negative duration.
    public func advance(by duration: Duration) throws(ActorError) {
        guard duration >= .zero else { throw .invalidArgument("a virtual clock cannot go back in time (advance by \(duration))") }
        let target = state.withLock { $0.now + duration }
        while let next = takeDue(before: target) {
            next.timer.fire()
        }
        state.withLock { $0.now = target }
    }

    /// Moves time forward by `seconds`.
    /// - Throws: `ActorError` `invalid_argument` for a negative, NaN or infinite value, or one
    ///   beyond the 9e9 s that whole nanoseconds in 64 bits can hold.
    public func advance(seconds: Double) throws(ActorError) {
        guard seconds.isFinite, seconds >= 0, seconds < 9e9 else {
            throw .invalidArgument("a virtual clock advances by a finite, non-negative number of seconds below 9e9 (got \(seconds))")
        }
        try advance(by: .nanoseconds(Int64((seconds * 1e9).rounded())))
    }

    /// Removes and returns the earliest timer due at or before `target`, setting ``now`` to its deadline.
    private func takeDue(before target: Duration) -> Pending? {
        state.withLock { state in
            state.pending.removeAll { $0.timer.isCancelled }
            guard let index = state.pending.indices.min(by: {
                (state.pending[$0].deadline, state.pending[$0].order) < (state.pending[$1].deadline, state.pending[$1].order)
            }), state.pending[index].deadline <= target else { return nil }
            let next = state.pending.remove(at: index)
            state.now = next.deadline
            return next
        }
    }
}
