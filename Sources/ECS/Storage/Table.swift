/// An archetype table: every entity with exactly the same component set, one column per
/// component (structure of arrays), all columns sharing one row numbering.
///
/// The class owns the ``TableStorage`` and the component metadata, so that a query can hold a
/// table (and the table can drop its values) even after its world is gone.
@usableFromInline
final class Table {
    /// The columns, rows and counts.
    @usableFromInline let storage: UnsafeMutablePointer<TableStorage>
    /// Layout and operations of each column's type, kept alive for the columns.
    private let types: [ComponentType]

    init(index: Int, componentIDs: [ComponentID], types: [ComponentType], version: UInt64) {
        self.types = types
        storage = .allocate(capacity: 1)
        storage.initialize(to: TableStorage(index: index, componentIDs: componentIDs, types: types, version: version))
    }

    deinit {
        storage.pointee.deallocate()
        storage.deinitialize(count: 1)
        storage.deallocate()
    }

    /// Position of this table in the world's table list.
    @inlinable var index: Int { storage.pointee.index }
    /// The component set, sorted.
    @inlinable var componentIDs: UnsafeBufferPointer<ComponentID> { storage.pointee.componentIDs }
    /// One column per component.
    @inlinable var columns: UnsafeMutableBufferPointer<Column> { storage.pointee.columns }
    /// The entity stored in each row.
    @inlinable var entities: UnsafeMutablePointer<Entity> { storage.pointee.entities }
    /// Initialised rows (live and dead).
    @inlinable var count: Int { storage.pointee.count }
    /// Live rows: the prefix `0..<aliveCount`.
    @inlinable var aliveCount: Int { storage.pointee.aliveCount }
    /// World version of the last change to the table's rows.
    @inlinable var structuralVersion: UInt64 { storage.pointee.structuralVersion }

    /// The column holding `id`.
    @inlinable
    func columnIndex(of id: ComponentID) -> Int? { storage.pointee.columnIndex(of: id) }
}
