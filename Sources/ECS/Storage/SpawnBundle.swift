/// Where a spawn bundle's components go: the table for the bundle's set of table components
/// and, for each of them in argument order, its column in that table and its byte offset in
/// the bundle's tuple `(repeat each C)`. Sparse-set components are not elements (see
/// ``SparseBundleElement``).
///
/// With the offsets a spawn moves a whole tuple of values into its row without generic code
/// per element, through the bundle's ``RowCopyPlan``. The elements and the plan live in raw
/// buffers, so copying a bundle costs no reference counting; the world frees them with
/// ``deallocate()`` exactly once.
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
    /// The elements' columns grouped by copy kind, each with its tuple offset: the row fill
    /// of a spawn.
    @usableFromInline let plan: RowCopyPlan

    /// A bundle of `elements` bound for `table`, whose storage is `storage`.
    init(table: Int, storage: UnsafeMutablePointer<TableStorage>, elements: [Element]) {
        self.table = table
        // SAFETY: each element's column is a column of the table (the world resolved it), so
        // the buffer has a base address and the column address lies inside it; the column
        // buffer is never reallocated.
        let firstColumn = unsafe storage.pointee.columns.baseAddress
        unsafe plan = RowCopyPlan(count: elements.count) { unsafe (firstColumn.unsafelyUnwrapped + elements[$0].column, elements[$0].offset) }
        // SAFETY: the buffer is allocated for exactly the elements it is initialised from and
        // freed by `deallocate()`.
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: elements.count)
        _ = unsafe buffer.initialize(from: elements)
        unsafe self.elements = UnsafeBufferPointer(buffer)
    }

    /// Frees the elements; the bundle must not be used afterwards.
    @unsafe func deallocate() {
        // SAFETY: the buffers were allocated by `init`; the world frees each bundle once.
        unsafe elements.deallocate()
        unsafe plan.deallocate()
    }

    /// Initialises `row` of the bundle's table by moving the bundle's values out of the tuple
    /// at `values`, which is left uninitialised. `row` must be claimed and uninitialised, and
    /// `values` an initialised tuple laid out as the bundle's offsets say.
    ///
    /// Not inlined: the spawn's closure that builds the tuple then stays small enough to be
    /// inlined itself, so the tuple is built in place with one store per component. Outlined,
    /// that closure copies a caller's tuple with wide loads that span several narrow stores,
    /// which cannot be forwarded and wait for every older store to reach the cache, including
    /// the cache-missing stores of the destroy before.
    @unsafe @usableFromInline
    func initializeRow(_ row: Int, movingFrom values: UnsafeMutableRawPointer) {
        // SAFETY: the plan names columns of the bundle's table with the offsets of the tuple;
        // the caller upholds the row and tuple preconditions.
        unsafe plan.initializePlainBits(row, from: values)
        for unsafe entry in unsafe plan.generalEntries {
            unsafe entry.column.pointee.initialize(row: row, movingFrom: values + entry.offset)
        }
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
