/// Uninitialised working memory for plain values that grows on demand and never shrinks, so a
/// batch that fits the memory of the batches before it allocates nothing.
///
/// The memory starts on a cache line (64 bytes), so an element of 64 bytes or less that divides
/// it, such as `RectSpans`, never straddles two lines.
///
/// The owner must call ``deallocate()`` once, when it is done with the buffer.
@safe
struct ScratchBuffer<Element: BitwiseCopyable> {
    /// The alignment of the memory: one cache line, or the element's if larger.
    private static var alignment: Int { max(64, MemoryLayout<Element>.alignment) }

    /// The first element; valid for ``capacity`` elements.
    private(set) var base: UnsafeMutablePointer<Element>
    /// How many elements the memory holds.
    private(set) var capacity: Int

    /// An empty buffer.
    init() {
        unsafe base = Self.allocate(1)
        capacity = 1
    }

    /// Cache-line aligned memory for `count` elements.
    private static func allocate(_ count: Int) -> UnsafeMutablePointer<Element> {
        unsafe UnsafeMutableRawPointer.allocate(byteCount: count * MemoryLayout<Element>.stride, alignment: alignment)
            .bindMemory(to: Element.self, capacity: count)
    }

    /// Makes room for at least `count` elements and returns the first. Earlier contents are not
    /// kept when the memory grows.
    @inline(__always)
    mutating func reserve(_ count: Int) -> UnsafeMutablePointer<Element> {
        if count > capacity {
            unsafe base.deallocate()
            // Grows by at least half so a slowly rising count reallocates rarely.
            capacity = max(count, capacity + capacity / 2)
            unsafe base = Self.allocate(capacity)
        }
        return unsafe base
    }

    /// Frees the memory; the buffer must not be used afterwards.
    func deallocate() {
        unsafe base.deallocate()
    }
}
