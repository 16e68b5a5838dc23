/// The system's monotonic clock (`ContinuousClock`), reading zero when created.
public struct MonotonicClock: TimeSource {
    private let origin = ContinuousClock.now

    /// Creates a clock that reads 0 now.
    public init() {}

    /// Time elapsed since creation.
    public var now: Duration {
        ContinuousClock.now - origin
    }
}
