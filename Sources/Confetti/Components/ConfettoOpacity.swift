/// Particle state: opacity in `0...1`; 0 marks the particle dead until compaction.
///
/// One column of the particle table of a ``ConfettiCloud``.
public struct ConfettoOpacity: Hashable, Sendable {
    /// The stored value.
    public var value: Float

    /// Wraps `value`.
    @inlinable
    public init(_ value: Float) {
        self.value = value
    }
}
