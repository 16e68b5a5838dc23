/// Where a spawn bundle's components go: the table for the bundle's set of table components
/// and, for each of them in argument order, its column in that table and its byte offset in
/// the bundle's tuple `(repeat each C)`; sparse-set components are listed apart, with their
/// argument position and offset.
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

    /// One sparse-set component of the bundle.
    @usableFromInline
    struct SparseElement {
        /// The component, whose world's sparse set receives the value.
        @usableFromInline let id: ComponentID
        /// Position among the bundle's arguments.
        @usableFromInline let argument: Int
        /// Byte offset in the bundle's tuple.
        @usableFromInline let offset: Int
    }

    /// Index of the destination table.
    @usableFromInline let table: Int
    /// The table components, in argument order.
    @usableFromInline let elements: UnsafeBufferPointer<Element>
    /// The sparse-set components, in argument order (usually none).
    @usableFromInline let sparseElements: UnsafeBufferPointer<SparseElement>

    /// A bundle of `elements` bound for `table`, and of `sparseElements` bound for sparse sets.
    init(table: Int, elements: [Element], sparseElements: [SparseElement] = []) {
        self.table = table
        // SAFETY: each buffer is allocated for exactly the elements it is initialised from and
        // freed by `deallocate()`.
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: elements.count)
        _ = unsafe buffer.initialize(from: elements)
        unsafe self.elements = UnsafeBufferPointer(buffer)
        let sparse = UnsafeMutableBufferPointer<SparseElement>.allocate(capacity: sparseElements.count)
        _ = unsafe sparse.initialize(from: sparseElements)
        unsafe self.sparseElements = UnsafeBufferPointer(sparse)
    }

    /// Frees the elements; the bundle must not be used afterwards.
    @unsafe func deallocate() {
        // SAFETY: the buffers were allocated by `init`; the world frees each bundle once.
        unsafe elements.deallocate()
        unsafe sparseElements.deallocate()
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
