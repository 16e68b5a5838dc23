/// A clock that moves only when told to, for tests and offline rendering; safe to read and
/// advance from any thread.
///
/// Time is counted in whole nanoseconds, so repeated steps never drift. The clock never goes
/// back: a negative or NaN step moves it by nothing, and a step past what 64-bit nanoseconds
/// hold (about 292 years) stops it there.
public final class ManualClock: TimeSource {
    private let elapsed: Locked<Int64>

    /// Creates a clock reading `start` seconds (0 for a negative or NaN value).
    public init(start: Double = 0) {
        elapsed = Locked(Self.nanoseconds(in: start))
    }

    /// The current reading.
    public var now: Duration {
        .nanoseconds(elapsed.withLock { $0 })
    }

    /// Moves the clock forward by `seconds`, rounded to the nanosecond.
    public func advance(by seconds: Double) {
        advance(nanoseconds: Self.nanoseconds(in: seconds))
    }

    /// Moves the clock forward by `duration`, rounded down to the nanosecond.
    public func advance(by duration: Duration) {
        let parts = duration.components
        guard parts.seconds >= 0, parts.attoseconds >= 0 else { return }
        let (whole, overflow) = parts.seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (step, carry) = whole.addingReportingOverflow(parts.attoseconds / 1_000_000_000)
        advance(nanoseconds: overflow || carry ? .max : step)
    }

    /// Moves the clock to `seconds` when that is later than now; an earlier time leaves it where it is.
    public func set(to seconds: Double) {
        let target = Self.nanoseconds(in: seconds)
        elapsed.withLock { $0 = max($0, target) }
    }

    /// Adds `step` (not negative), stopping at `Int64.max`.
    private func advance(nanoseconds step: Int64) {
        elapsed.withLock { $0 = $0.addingReportingOverflow(step).overflow ? .max : $0 + step }
    }

    /// `seconds` in whole nanoseconds, clamped to 0...Int64.max.
    private static func nanoseconds(in seconds: Double) -> Int64 {
        guard seconds > 0 else { return 0 }
        let value = (seconds * 1e9).rounded()
        return value >= 9.2e18 ? .max : Int64(value)
    }
}
