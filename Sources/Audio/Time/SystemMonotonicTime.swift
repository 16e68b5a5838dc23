/// The system's monotonic clock (`ContinuousClock`), in nanoseconds since this value was created.
public struct SystemMonotonicTime: MonotonicTimePort {
    private let origin = ContinuousClock.now

    /// Creates a clock that reads 0 now.
    public init() {}

    /// Nanoseconds elapsed since creation.
    public func now() -> UInt64 {
        let parts = (ContinuousClock.now - origin).components
        return UInt64(parts.seconds) * 1_000_000_000 + UInt64(parts.attoseconds / 1_000_000_000)
    }
}
