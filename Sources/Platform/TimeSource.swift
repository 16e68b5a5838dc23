/// A monotonic time source in seconds, injected into ``ConfettiPlayer``.
///
/// Only differences between readings matter; the origin is arbitrary.
public protocol TimeSource: AnyObject {
    /// The current time in seconds.
    var now: Double { get }
}
