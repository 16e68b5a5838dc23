import Render

/// Particle trait: fill colour.
///
/// One column of the particle table of a ``ConfettiCloud``.
public struct ConfettoColor: Hashable, Sendable {
    /// The stored value.
    public var value: RGBAColor

    /// Wraps `value`.
    @inlinable
    public init(_ value: RGBAColor) {
        self.value = value
    }
}
