/// Particle state: centre in points (y grows downward).
///
/// One column of the particle table of a ``ConfettiCloud``.
public struct ConfettoPosition: Hashable, Sendable {
    /// The stored value.
    public var value: SIMD2<Float>

    /// Wraps `value`.
    @inlinable
    public init(_ value: SIMD2<Float>) {
        self.value = value
    }
}
