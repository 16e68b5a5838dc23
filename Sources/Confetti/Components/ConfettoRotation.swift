/// Particle state: rotation around the X and Y axes in radians.
///
/// One column of the particle table of a ``ConfettiCloud``.
public struct ConfettoRotation: Hashable, Sendable {
    /// The stored value.
    public var value: SIMD2<Float>

    /// Wraps `value`.
    @inlinable
    public init(_ value: SIMD2<Float>) {
        self.value = value
    }
}
