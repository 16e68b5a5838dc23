/// A value handed to other threads that the compiler cannot prove safe to share: the one
/// unchecked `Sendable` of the project, so that each such hand-off is visible by its type.
///
/// Whoever wraps a value states at that site why sharing it is sound. The uses follow two
/// patterns:
/// - world-owned state (tables, the world, systems) shared by the threads of one parallel loop or
///   schedule batch, while the world's iteration guard forbids structural changes, chunks write
///   disjoint rows, and systems of one batch have non-conflicting declared accesses;
/// - per-chunk outputs of a parallel chunk loop (counts, row writers, mix buses), where chunk
///   `k` writes only its own slots and the loop returns after every chunk finished.
public struct UncheckedSendable<Value>: @unchecked Sendable {
    /// The shared value.
    public let value: Value

    /// Wraps `value`; the caller guarantees that sharing it across threads is sound.
    @inlinable
    public init(_ value: Value) { self.value = value }
}
