import Platform
import Synchronization

/// Per-world counters, safe to read from any thread while the world runs on another.
///
/// Increments are relaxed atomic additions: systems running in parallel may count at the
/// same time, and readers on other threads see a recent, never torn, value.
public final class WorldDiagnostics: Sendable {
    /// The counted events.
    public enum Counter: Int, CaseIterable, Sendable {
        /// Frames advanced by a ``FixedTimestep`` driver or a ``Schedule`` run.
        case frames
        /// Individual system executions.
        case systemRuns
        /// Entities spawned.
        case spawned
        /// Entities destroyed.
        case destroyed
        /// ``World/compact()`` passes that reclaimed rows.
        case compactions
        /// ``VersionedCache`` lookups answered from the cache.
        case cacheHits
        /// ``VersionedCache`` lookups that recomputed.
        case cacheMisses
    }

    @usableFromInline let counters: [AtomicCounter]
    private let lastErrorRecord = Locked<ECSError?>(nil)

    /// Creates zeroed counters.
    public init() {
        counters = Counter.allCases.map { _ in AtomicCounter() }
    }

    /// The current value of `counter`.
    public subscript(counter: Counter) -> Int {
        counters[counter.rawValue].value.load(ordering: .relaxed)
    }

    /// Adds `amount` to `counter`.
    @usableFromInline
    func count(_ counter: Counter, by amount: Int = 1) {
        counters[counter.rawValue].value.wrappingAdd(amount, ordering: .relaxed)
    }

    /// Adds `amount` to `counter` from the thread that holds the world exclusively (a
    /// structural change): a relaxed load and store, no locked read-modify-write.
    @inlinable
    func countExclusive(_ counter: Counter, by amount: Int = 1) {
        let cell = counters[counter.rawValue]
        cell.value.store(cell.value.load(ordering: .relaxed) &+ amount, ordering: .relaxed)
    }

    /// The most recent error reported to the world (decode errors, failed systems).
    public var lastError: ECSError? { lastErrorRecord.withLock { $0 } }

    /// Records `error` as the last error.
    func record(_ error: ECSError) {
        lastErrorRecord.withLock { $0 = error }
    }
}

/// A heap cell holding an atomic integer, so that counters can live in an array (shared with
/// the `Host` library's per-world counters).
@usableFromInline
package final class AtomicCounter: Sendable {
    /// The count.
    @usableFromInline package let value = Atomic<Int>(0)

    /// A zeroed counter.
    package init() {}
}
