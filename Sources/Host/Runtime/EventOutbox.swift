import Platform
import Synchronization

/// Events a world emitted and not yet delivered, in emission order, with one deliverer at a
/// time: whoever finds nobody delivering takes the batch and keeps taking until it is empty,
/// so events leave in order, no lock is held while subscribers run, and a subscriber that
/// makes the world emit again does not deadlock (its events join the running delivery).
/// What waits is bounded by ``WorldEventLimits``; an event past them is dropped and counted.
final class EventOutbox: Sendable {
    private struct State {
        var pending: [EventMessage] = []
        /// The estimated text size of `pending`'s arguments.
        var pendingBytes = 0
        var delivering = false
    }

    private let limits: WorldEventLimits
    private let diagnostics: HostDiagnostics
    private let state = Locked(State())
    /// Events queued and not yet taken, so that a drain with nothing to deliver (most
    /// actions) skips the lock. An emitter always drains after queueing, so an event that this
    /// check misses on one thread is delivered by the thread that queued it.
    private let queued = Atomic<Int>(0)

    /// An empty outbox holding at most what `limits` allow, counting what it drops in
    /// `diagnostics` (``HostDiagnostics/Counter/eventsOverflowed``).
    init(limits: WorldEventLimits, diagnostics: HostDiagnostics) {
        self.limits = limits
        self.diagnostics = diagnostics
    }

    /// Queues an emitted event, or drops and counts it when it would pass the limits.
    func append(_ event: EventMessage) {
        let bytes = event.args.reduce(event.name.utf8.count) { $0 + $1.estimatedTextBytes }
        let queuedNow = state.withLock { state in
            guard state.pending.count < limits.maxEvents, bytes <= limits.maxBytes - state.pendingBytes else { return false }
            state.pending.append(event)
            state.pendingBytes += bytes
            queued.add(1, ordering: .releasing)
            return true
        }
        if !queuedNow { diagnostics.count(.eventsOverflowed) }
    }

    /// Delivers every pending event with `deliver`, unless another thread is delivering (it
    /// then delivers these too).
    func drain(_ deliver: ([EventMessage]) -> Void) {
        guard queued.load(ordering: .acquiring) > 0, var batch = take(claiming: true) else { return }
        while true {
            deliver(batch)
            guard let next = take(claiming: false) else { return }
            batch = next
        }
    }

    /// The pending events, or nil (ending the delivery when `claiming` is false).
    private func take(claiming: Bool) -> [EventMessage]? {
        state.withLock { state in
            if claiming {
                guard !state.delivering, !state.pending.isEmpty else { return nil }
                state.delivering = true
            } else if state.pending.isEmpty {
                state.delivering = false
                return nil
            }
            defer {
                state.pending.removeAll(keepingCapacity: true)
                state.pendingBytes = 0
            }
            queued.subtract(state.pending.count, ordering: .releasing)
            return state.pending
        }
    }
}
