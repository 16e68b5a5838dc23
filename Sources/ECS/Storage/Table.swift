/// An archetype table: every entity with exactly the same component set, one column per
/// component (structure of arrays), all columns sharing one row numbering.
///
/// The class owns the ``TableStorage`` and the component metadata, so that a query can hold a
/// table (and the table can drop its values) even after its world is gone.
///
/// The class is the owner that makes the storage's lifetime safe: the storage is allocated in
/// `init` and freed in `deinit`, so it lives exactly as long as the table. The properties that
/// hand out its buffers are raw views and are unsafe to use on their own.
@safe @usableFromInline
final class Table {
    /// The columns, rows and counts.
    @usableFromInline let storage: UnsafeMutablePointer<TableStorage>
    /// Layout and operations of each column's type, kept alive for the columns.
    private let types: [ComponentType]

    init(index: Int, componentIDs: [ComponentID], types: [ComponentType], version: UInt64) {
        self.types = types
        // SAFETY: one storage value, initialised here and freed once in `deinit`.
        unsafe storage = .allocate(capacity: 1)
        unsafe storage.initialize(to: TableStorage(index: index, componentIDs: componentIDs, types: types, version: version))
    }

    deinit {
        // SAFETY: the table is the storage's only owner and nothing uses it after `deinit`; the
        // column types it points to are still held by `types`.
        unsafe storage.pointee.deallocate()
        unsafe storage.deinitialize(count: 1)
        unsafe storage.deallocate()
    }

    // SAFETY (every accessor below): `storage` is initialised from `init` to `deinit`, and a
    // caller holding the table keeps it alive for the duration of the read.

    /// Position of this table in the world's table list.
    @inlinable var index: Int { unsafe storage.pointee.index }
    /// The component set, sorted.
    @inlinable var componentIDs: UnsafeBufferPointer<ComponentID> { unsafe storage.pointee.componentIDs }
    /// One column per component.
    @inlinable var columns: UnsafeMutableBufferPointer<Column> { unsafe storage.pointee.columns }
    /// The entity stored in each row.
    @inlinable var entities: UnsafeMutablePointer<Entity> { unsafe storage.pointee.entities }
    /// Initialised rows (live and dead).
    @inlinable var count: Int { unsafe storage.pointee.count }
    /// Live rows: the prefix `0..<aliveCount`.
    @inlinable var aliveCount: Int { unsafe storage.pointee.aliveCount }
    /// World version of the last change to the table's rows.
    @inlinable var structuralVersion: UInt64 { unsafe storage.pointee.structuralVersion }

    /// The column holding `id`.
    @inlinable
    func columnIndex(of id: ComponentID) -> Int? { unsafe storage.pointee.columnIndex(of: id) }

    /// Whether `column` was written, or the rows changed, after `version`.
    @inlinable
    func isChanged(column: Int, since version: UInt64) -> Bool {
        // SAFETY: `column` is one of the table's columns (the buffer checks it in debug builds).
        Swift.max(unsafe columns[column].version, structuralVersion) > version
    }

    /// The largest added tick of `column`, which must be tracked (see ``AddedTicks``).
    @inlinable
    func latestAdded(column: Int) -> UInt64 {
        // SAFETY: a tracked column has ticks, so the unwrap holds; `column` is one of the table's.
        unsafe storage.pointee.addedTicks.unsafelyUnwrapped.pointee.latest[column]
    }

    /// The ticks of the tracked `column`, one per row.
    @inlinable
    func addedTicks(column: Int) -> UnsafeMutablePointer<UInt64> {
        // SAFETY: as in ``latestAdded(column:)``; a tracked column's buffer is not nil.
        unsafe storage.pointee.addedTicks.unsafelyUnwrapped.pointee.buffers[column].unsafelyUnwrapped
    }

    /// The added tick of `row` in the tracked `column`.
    @inlinable
    func addedTick(column: Int, row: Int) -> UInt64 {
        // SAFETY: callers pass a live row, inside the tick buffer.
        unsafe addedTicks(column: column)[row]
    }
}
