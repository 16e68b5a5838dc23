/// Particle trait: base width and height in points.
///
/// One column of the particle table of a ``ConfettiCloud``.
public struct ConfettoSize: Hashable, Sendable {
    /// The stored value.
    public var value: SIMD2<Float>

    /// Wraps `value`.
    @inlinable
    public init(_ value: SIMD2<Float>) {
        self.value = value
    }
}
