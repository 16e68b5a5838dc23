/// A clock that moves only when told to, for tests and offline rendering.
public final class ManualClock: TimeSource {
    /// The current time in seconds.
    public private(set) var now: Double

    /// Creates a clock reading `start` seconds.
    public init(start: Double = 0) {
        now = start
    }

    /// Moves the clock forward (or backward, for negative values) by `seconds`.
    public func advance(by seconds: Double) {
        now += seconds
    }

    /// Sets the clock to `seconds`.
    public func set(to seconds: Double) {
        now = seconds
    }
}
