/// The system's monotonic clock (`ContinuousClock`), in seconds since the clock was created.
public final class MonotonicClock: TimeSource {
    private let origin = ContinuousClock.now

    /// Creates a clock that reads 0 now.
    public init() {}

    /// Seconds elapsed since creation.
    public var now: Double {
        let elapsed = ContinuousClock.now - origin
        let parts = elapsed.components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }
}
