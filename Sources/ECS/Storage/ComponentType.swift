/// Type-erased layout and operations of one component type, so that tables can move and drop
/// rows of any component without knowing its static type.
///
/// The metadata itself is safe to hold and read; the operations take raw pointers and are
/// unsafe to call: each expects values of the described type at the addresses it gets.
@safe @usableFromInline
final class ComponentType {
    /// The Swift type.
    let type: Any.Type
    /// `MemoryLayout.size`.
    let size: Int
    /// `MemoryLayout.stride`.
    @usableFromInline let stride: Int
    /// `MemoryLayout.alignment`.
    let alignment: Int
    /// Whether values are plain bits: copied with `memcpy`, dropped without deinitialisation.
    @usableFromInline let isTrivial: Bool
    /// Moves `count` values from the second pointer into uninitialised memory at the first.
    /// The regions may overlap when the destination precedes the source.
    @usableFromInline let moveInitialize: (UnsafeMutableRawPointer, UnsafeMutableRawPointer, Int) -> Void
    /// Deinitialises `count` values.
    @usableFromInline let deinitialize: (UnsafeMutableRawPointer, Int) -> Void
    /// Whether tables record when each value of this type was added (``AddedTicks``): set for
    /// good by the first query that filters its additions.
    var tracksAdditions = false

    /// The metadata of `C`.
    init<C>(_: C.Type) {
        type = C.self
        size = MemoryLayout<C>.size
        stride = MemoryLayout<C>.stride
        alignment = MemoryLayout<C>.alignment
        isTrivial = _isPOD(C.self)
        // SAFETY (both closures): they are called only with addresses of rows of a column of
        // `C`, whose buffer is bound to `C` by the values moved into it; `count` values are
        // initialised at the source (or at `pointer`) and uninitialised at the destination.
        unsafe moveInitialize = { destination, source, count in
            unsafe destination.assumingMemoryBound(to: C.self)
                .moveInitialize(from: source.assumingMemoryBound(to: C.self), count: count)
        }
        unsafe deinitialize = { pointer, count in
            unsafe pointer.assumingMemoryBound(to: C.self).deinitialize(count: count)
        }
    }

    /// Moves `count` values like ``moveInitialize``, with an inline `memmove` for trivial types.
    @unsafe @inline(__always)
    func move(to destination: UnsafeMutableRawPointer, from source: UnsafeMutableRawPointer, count: Int) {
        // SAFETY: the caller passes `count` initialised values at `source` and room for them at
        // `destination`; plain bits move as bytes, `memmove` semantics allowing overlap.
        if isTrivial {
            unsafe destination.copyMemory(from: source, byteCount: count &* stride)
        } else {
            unsafe moveInitialize(destination, source, count)
        }
    }

    /// The type's name, for messages.
    var name: String { String(describing: type) }
}
