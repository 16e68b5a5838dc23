/// Where a spawn bundle's components go: the table for the bundle's set of table components
/// and, for each of them in argument order, its column in that table and its byte offset in
/// the bundle's tuple `(repeat each C)`. Sparse-set components are not elements (see
/// ``SparseBundleElement``).
///
/// With the offsets a spawn moves a whole tuple of values into its row without generic code
/// per element. The elements live in a raw buffer, so copying a bundle costs no reference
/// counting; the world frees it with ``deallocate()`` exactly once.
@safe @usableFromInline
struct SpawnBundle {
    /// One component of the bundle.
    @usableFromInline
    struct Element {
        /// Column in the destination table.
        @usableFromInline let column: Int
        /// Byte offset in the bundle's tuple.
        @usableFromInline let offset: Int
    }

    /// Index of the destination table.
    @usableFromInline let table: Int
    /// The components, in argument order.
    @usableFromInline let elements: UnsafeBufferPointer<Element>

    /// A bundle of `elements` bound for `table`.
    init(table: Int, elements: [Element]) {
        self.table = table
        // SAFETY: the buffer is allocated for exactly the elements it is initialised from and
        // freed by `deallocate()`.
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: elements.count)
        _ = unsafe buffer.initialize(from: elements)
        unsafe self.elements = UnsafeBufferPointer(buffer)
    }

    /// Frees the elements; the bundle must not be used afterwards.
    @unsafe func deallocate() {
        // SAFETY: the buffer was allocated by `init`; the world frees each bundle once.
        unsafe elements.deallocate()
    }

    /// Byte offsets of the elements of a tuple whose elements have the given sizes and
    /// alignments: Swift lays tuples out like structs, each element at the next offset that is
    /// a multiple of its alignment.
    static func tupleOffsets(_ layouts: [(size: Int, alignment: Int)]) -> [Int] {
        var end = 0
        return layouts.map { layout in
            let offset = (end + layout.alignment - 1) / layout.alignment * layout.alignment
            end = offset + layout.size
            return offset
        }
    }
}
