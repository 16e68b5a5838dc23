/// A run of rows of one table handed to a chunk loop: the entities of the rows and the row
/// range. The component buffers come beside it, one per query term.
public struct Chunk {
    /// The entities of the chunk's rows, in row order.
    public let entities: UnsafeBufferPointer<Entity>
    /// The first row of the chunk in its table (non-zero when a parallel loop splits a table).
    public let firstRow: Int
    /// Index of the table within the world.
    public let tableIndex: Int

    /// Number of rows.
    @inlinable
    public var count: Int { entities.count }

    @inlinable
    init(table: Table, range: Range<Int>) {
        entities = UnsafeBufferPointer(start: table.entities + range.lowerBound, count: range.count)
        firstRow = range.lowerBound
        tableIndex = table.index
    }
}
