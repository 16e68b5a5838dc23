/// Where a tile entity is drawn: its animated position (in cells) and scale, their
/// velocities, and the countdown to its part in the win wave.
public struct TilePose: Equatable, Sendable {
    /// The drawn position of the tile's top-left corner, in cells.
    public var position: SIMD2<Float>
    /// The position's rate of change, in cells per second.
    public var velocity: SIMD2<Float>
    /// The drawn scale (1 at rest, 1.1 in the win pose).
    public var scale: Float
    /// The scale's rate of change, per second.
    public var scaleVelocity: Float
    /// Seconds until the tile takes the win pose; infinite while the board is not won.
    public var celebrateIn: Float

    /// A tile at rest at `cell`.
    public init(at cell: SIMD2<Float>) {
        position = cell
        velocity = .zero
        scale = 1
        scaleVelocity = 0
        celebrateIn = .infinity
    }
}
