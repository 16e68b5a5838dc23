/// A monotonic time source: the one clock of the systems and the host, injected wherever
/// time is read (`ConfettiPlayer`, the tile controller, the audio outputs and player, the
/// host's frames and timers), so a test moves a ``ManualClock`` instead of sleeping.
///
/// Only differences between readings matter; the origin is arbitrary. Readings never
/// decrease. Safe to read from any thread.
public protocol TimeSource: Sendable {
    /// Time elapsed since the clock's origin.
    var now: Duration { get }
}

extension TimeSource {
    /// ``now`` in seconds.
    public var seconds: Double {
        let parts = now.components
        return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
    }

    /// ``now`` in whole nanoseconds (0 for a reading before the origin).
    public var nanoseconds: UInt64 {
        let parts = now.components
        guard parts.seconds >= 0 else { return 0 }
        let (whole, overflow) = UInt64(parts.seconds).multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? .max : whole &+ UInt64(max(parts.attoseconds, 0) / 1_000_000_000)
    }
}
