@_spi(Locking) import ECS
import Synchronization

/// Events a world emitted and not yet delivered, in emission order, with one deliverer at a
/// time: whoever finds nobody delivering takes the batch and keeps taking until it is empty,
/// so events leave in order, no lock is held while subscribers run, and a subscriber that
/// makes the world emit again does not deadlock (its events join the running delivery).
final class EventOutbox: Sendable {
    private struct State {
        var pending: [EventMessage] = []
        var delivering = false
    }

    private let state = Locked(State())
    /// Events queued and not yet taken, so that a drain with nothing to deliver (most
    /// actions) skips the lock. An emitter always drains after queueing, so an event that this
    /// check misses on one thread is delivered by the thread that queued it.
    private let queued = Atomic<Int>(0)

    /// Queues an emitted event.
    func append(_ event: EventMessage) {
        state.withLock { state in
            state.pending.append(event)
            queued.add(1, ordering: .releasing)
        }
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
            defer { state.pending.removeAll(keepingCapacity: true) }
            queued.subtract(state.pending.count, ordering: .releasing)
            return state.pending
        }
    }
}
