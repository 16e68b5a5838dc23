/// Particle trait: the identifier, derived from the run's seed and the spawn number, so a seed
/// reproduces it.
///
/// One column of the particle table of a ``ConfettiCloud``.
public struct ConfettoID: Hashable, Sendable {
    /// The stored value.
    public var value: UInt64

    /// Wraps `value`.
    @inlinable
    public init(_ value: UInt64) {
        self.value = value
    }
}
