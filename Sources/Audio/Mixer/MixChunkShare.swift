/// The mixer's per-chunk outputs and read-only tables handed to the `@Sendable` body of a
/// parallel chunk loop. Unchecked, and sound because chunk `k` writes only its own bus and
/// its own voices' rows, every other shared value (asset views, bus offsets, the mix context)
/// is only read while the loop runs, and the loop returns only after every chunk finished.
/// `MixerThreadingTests` run the loop on several threads and check that the output has the
/// bits of a one-thread run.
struct MixChunkShare<Value>: @unchecked Sendable {
    /// The shared value.
    let value: Value

    /// Wraps `value`.
    init(_ value: Value) { self.value = value }
}
