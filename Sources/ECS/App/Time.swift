/// The time resource an ``App`` keeps: read it with `Res<Time>`.
public struct Time: Sendable, Equatable {
    /// Seconds this run of the stage covers: the fixed step in ``Stage/fixedUpdate``, the
    /// frame's delta elsewhere.
    public var delta: Double = 0
    /// Seconds of frame time since the app started (sum of the frames' deltas).
    public var elapsed: Double = 0
    /// Seconds of simulation run by ``Stage/fixedUpdate`` since the app started.
    public var fixedElapsed: Double = 0
    /// Frames run before this one.
    public var frame: UInt64 = 0

    /// Time at the start.
    public init() {}
}
