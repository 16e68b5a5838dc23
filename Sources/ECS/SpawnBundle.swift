/// Where a spawn bundle's components go: the table for the bundle's component set and, for
/// each component in argument order, its column in that table.
@usableFromInline
struct SpawnBundle {
    /// Index of the destination table.
    @usableFromInline let table: Int
    /// Column of each bundle element, in argument order.
    @usableFromInline let columns: [Int]
}
