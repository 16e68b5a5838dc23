/// Where a live entity's row is: the storage of its table and the row number.
///
/// The location is a snapshot: it is valid until the next structural change of the world.
@safe @usableFromInline
struct EntityLocation {
    /// The storage of the entity's table.
    @usableFromInline let table: UnsafeMutablePointer<TableStorage>
    /// Row inside the table.
    @usableFromInline let row: Int

    @inlinable
    init(table: UnsafeMutablePointer<TableStorage>, row: Int) {
        unsafe self.table = table
        self.row = row
    }
}
