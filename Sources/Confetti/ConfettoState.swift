/// The part of a particle that the physics step changes.
///
/// Coordinates follow CoreGraphics conventions: `x` grows to the right, `y` grows downward.
public struct ConfettoState: Hashable, Sendable {
    /// Centre of the particle in points.
    public var position: SIMD2<Float>
    /// Velocity in points per second.
    public var velocity: SIMD2<Float>
    /// Rotation around the X and Y axes in radians.
    public var rotation: SIMD2<Float>
    /// Opacity in `0...1`; a particle with opacity 0 is dead and removed by compaction.
    public var opacity: Float

    /// Creates a state from its fields; opacity defaults to fully visible.
    public init(position: SIMD2<Float>, velocity: SIMD2<Float>, rotation: SIMD2<Float>, opacity: Float = 1) {
        self.position = position
        self.velocity = velocity
        self.rotation = rotation
        self.opacity = opacity
    }
}
