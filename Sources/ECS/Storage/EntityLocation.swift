/// Where a live entity's row is: the storage of its table and the row number.
@usableFromInline
struct EntityLocation {
    /// The storage of the entity's table.
    @usableFromInline let table: UnsafeMutablePointer<TableStorage>
    /// Row inside the table.
    @usableFromInline let row: Int

    @inlinable
    init(table: UnsafeMutablePointer<TableStorage>, row: Int) {
        self.table = table
        self.row = row
    }
}
