import Synchronization

/// A clock that moves only when told to, for tests and offline rendering; safe to read and
/// advance from any thread.
public final class VirtualMonotonicTime: MonotonicTimePort {
    private let nanoseconds: Mutex<UInt64>

    /// Creates a clock reading `start` nanoseconds.
    public init(start: UInt64 = 0) {
        nanoseconds = Mutex(start)
    }

    /// The current reading in nanoseconds.
    public func now() -> UInt64 {
        nanoseconds.withLock { $0 }
    }

    /// Moves the clock forward by `delta` nanoseconds (saturating at `UInt64.max`).
    public func advance(byNanoseconds delta: UInt64) {
        nanoseconds.withLock { $0 = $0.addingReportingOverflow(delta).overflow ? .max : $0 + delta }
    }

    /// Moves the clock forward by `seconds`, rounded to the nanosecond; negative, NaN or
    /// infinite values move it by nothing or to the end, never backward.
    public func advance(bySeconds seconds: Double) {
        guard seconds > 0 else { return }
        let delta = seconds * 1e9
        advance(byNanoseconds: delta >= 1.8e19 ? .max : UInt64(delta.rounded()))
    }
}
