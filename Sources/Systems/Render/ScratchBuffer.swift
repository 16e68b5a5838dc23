/// Uninitialised working memory for plain values that grows on demand and never shrinks, so a
/// batch that fits the memory of the batches before it allocates nothing.
///
/// The owner must call ``deallocate()`` once, when it is done with the buffer.
@safe
struct ScratchBuffer<Element: BitwiseCopyable> {
    /// The first element; valid for ``capacity`` elements.
    private(set) var base: UnsafeMutablePointer<Element>
    /// How many elements the memory holds.
    private(set) var capacity: Int

    /// An empty buffer.
    init() {
        unsafe base = .allocate(capacity: 1)
        capacity = 1
    }

    /// Makes room for at least `count` elements and returns the first. Earlier contents are not
    /// kept when the memory grows.
    @inline(__always)
    mutating func reserve(_ count: Int) -> UnsafeMutablePointer<Element> {
        if count > capacity {
            unsafe base.deallocate()
            // Grows by at least half so a slowly rising count reallocates rarely.
            capacity = max(count, capacity + capacity / 2)
            unsafe base = .allocate(capacity: capacity)
        }
        return unsafe base
    }

    /// Frees the memory; the buffer must not be used afterwards.
    func deallocate() {
        unsafe base.deallocate()
    }
}
