/// Where a live entity's row is: table and row number. A dead slot has table `-1`.
@usableFromInline
struct EntityLocation: Sendable {
    /// Index of the table, or -1 when the slot holds no live entity.
    @usableFromInline var table: Int32
    /// Row inside the table.
    @usableFromInline var row: Int32

    /// The location of a slot without a live entity.
    @usableFromInline static let dead = EntityLocation(table: -1, row: 0)
}
