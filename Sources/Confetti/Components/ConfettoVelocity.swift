/// Particle state: velocity in points per second.
///
/// One column of the particle table of a ``ConfettiCloud``.
public struct ConfettoVelocity: Hashable, Sendable {
    /// The stored value.
    public var value: SIMD2<Float>

    /// Wraps `value`.
    @inlinable
    public init(_ value: SIMD2<Float>) {
        self.value = value
    }
}
