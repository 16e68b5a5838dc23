import ECS
import Platform
import Synchronization

/// Per-world counters of a hosted world and its last error, safe to read from any thread
/// while the world runs on another (relaxed atomics, as `WorldDiagnostics`).
public final class HostDiagnostics: Sendable {
    /// The counted events.
    public enum Counter: Int, CaseIterable, Sendable {
        /// Ticks of the world's frame timer while it advanced.
        case frames
        /// Fixed steps run (a frame runs as many as its time owes).
        case steps
        /// Actions answered (successful or not).
        case actions
        /// Event deliveries to subscribed connections (one per event and connection).
        case eventsSent
        /// Emitted events that no connection was subscribed to.
        case eventsDropped
        /// Failed steps and failed actions.
        case errors
        /// Event deliveries a connection's bounded outbound queue refused because its remote
        /// client was not reading fast enough (the world never waits for a socket).
        case deliveriesDropped
        /// Emitted events the world refused because those waiting for delivery had reached
        /// its ``WorldEventLimits``.
        case eventsOverflowed
        /// Actions answered with `action_timeout` because they ran past an isolated world's
        /// action budget (each also counts under ``actions`` once it ends).
        case actionTimeouts
    }

    private let counters: [AtomicCounter]
    private let lastErrorRecord = Locked<ActorError?>(nil)

    /// Zeroed counters.
    public init() {
        counters = Counter.allCases.map { _ in AtomicCounter() }
    }

    /// The current value of `counter`.
    public subscript(counter: Counter) -> Int {
        counters[counter.rawValue].value.load(ordering: .relaxed)
    }

    /// The most recent failure of a step or an action.
    public var lastError: ActorError? { lastErrorRecord.withLock { $0 } }

    /// Adds `amount` to `counter`.
    package func count(_ counter: Counter, by amount: Int = 1) {
        counters[counter.rawValue].value.wrappingAdd(amount, ordering: .relaxed)
    }

    /// Counts an error and records it as the last one.
    func record(_ error: ActorError) {
        count(.errors)
        lastErrorRecord.withLock { $0 = error }
    }
}
