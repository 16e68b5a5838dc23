import Platform

/// Answers an isolated world's actions that run past its budget with `action_timeout`.
///
/// The world's queue runs actions in the order they were queued, and every action has the same
/// budget, so deadlines fall in queue order and one timer, set for the oldest waiting action,
/// watches them all. An action that ends leaves without touching the timer; a timer that
/// finds nothing late sets itself for the oldest action still waiting. A world answering a
/// steady stream of quick actions so costs one timer per budget, not one per action.
final class ActionWatchdog: Sendable {
    /// An action queued and not yet answered.
    private struct Watched {
        let deadline: Duration
        let answer: ActionAnswer
        /// The answer past the deadline, given whether the action began.
        let timeout: @Sendable (_ began: Bool) -> ActionResponse
    }

    private struct State {
        var watched: [UInt64: Watched] = [:]
        /// The lowest ticket that may still be watched.
        var oldest: UInt64 = 0
        var nextTicket: UInt64 = 0
        var isArmed = false
    }

    private let clock: any HostClock
    /// How long an action may take from being queued to its answer.
    let budget: Duration
    private let diagnostics: HostDiagnostics
    private let state = Locked(State())

    /// A watchdog giving each action `budget` on `clock`, counting timeouts in `diagnostics`.
    init(clock: any HostClock, budget: Duration, diagnostics: HostDiagnostics) {
        self.clock = clock
        self.budget = budget
        self.diagnostics = diagnostics
    }

    /// Watches an action queued now; `timeout(began)` is what `answer` gets if it is late.
    /// Returns the ticket to pass to ``finish(_:)``.
    func watch(_ answer: ActionAnswer, timeout: @escaping @Sendable (_ began: Bool) -> ActionResponse) -> UInt64 {
        let (ticket, arm) = state.withLock { state in
            let ticket = state.nextTicket
            state.nextTicket += 1
            state.watched[ticket] = Watched(deadline: clock.now + budget, answer: answer, timeout: timeout)
            defer { state.isArmed = true }
            return (ticket, !state.isArmed)
        }
        if arm { schedule(after: budget) }
        return ticket
    }

    /// Stops watching the action of `ticket` (it ended).
    func finish(_ ticket: UInt64) {
        _ = state.withLock { $0.watched.removeValue(forKey: ticket) }
    }

    /// Checks the watched actions `delay` from now.
    private func schedule(after delay: Duration) {
        _ = clock.schedule(after: delay) { [weak self] in self?.expire() }
    }

    /// Answers every late action with its timeout and sets the timer for the oldest one left.
    private func expire() {
        let now = clock.now
        let (late, next): ([Watched], Duration?) = state.withLock { state in
            var late: [Watched] = []
            while state.oldest < state.nextTicket {
                guard let watched = state.watched[state.oldest] else {
                    state.oldest += 1
                    continue
                }
                guard watched.deadline <= now else { break }
                late.append(watched)
                state.watched[state.oldest] = nil
                state.oldest += 1
            }
            guard let oldest = state.watched[state.oldest] else {
                state.isArmed = false
                return (late, nil)
            }
            return (late, oldest.deadline - now)
        }
        for watched in late {
            var error: ActorError?
            let expired = watched.answer.expire { began in
                let response = watched.timeout(began)
                error = response.error
                return response
            }
            guard expired else { continue }
            diagnostics.count(.actionTimeouts)
            if let error { diagnostics.record(error) }
        }
        if let next { schedule(after: next) }
    }
}
