/// A per-chunk output (the dead-count buffer of a step, the renderer's row writer, the list
/// of respawned rows) handed to the `@Sendable` body of a parallel chunk loop. Unchecked, and
/// sound because every chunk touches only its own slots: chunk `k` writes `counts[k]`, the
/// output rows of its own row range and the list slots numbered for its dead rows, and the
/// loop returns only after every chunk finished.
package struct ConfettiChunkShare<Value>: @unchecked Sendable {
    /// The shared output.
    package let value: Value

    /// Wraps `value`.
    package init(_ value: Value) { self.value = value }
}
