/// Particle trait: strength of the wind sway.
///
/// One column of the particle table of a ``ConfettiCloud``.
public struct ConfettoWindForce: Hashable, Sendable {
    /// The stored value.
    public var value: Float

    /// Wraps `value`.
    @inlinable
    public init(_ value: Float) {
        self.value = value
    }
}
