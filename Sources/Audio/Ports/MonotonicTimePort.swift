/// A monotonic time source in nanoseconds (HarmoniaCore's `MonotonicTimePort`, which replaced
/// `ClockPort` of HarmoniaCore-Swift 0.1.0).
///
/// Only differences between readings are meaningful. Safe to call from any thread.
public protocol MonotonicTimePort: Sendable {
    /// The current time in nanoseconds from an arbitrary origin; never decreases.
    func now() -> UInt64
}
