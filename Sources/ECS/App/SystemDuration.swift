/// How long one system of an ``App`` ran in a frame (``App/lastFrameDurations``).
public struct SystemDuration: Equatable, Sendable {
    /// The system's stage.
    public let stage: Stage
    /// The system's name.
    public let system: String
    /// Monotonic nanoseconds, summed over the frame's runs of the stage.
    public var nanoseconds: UInt64
}
