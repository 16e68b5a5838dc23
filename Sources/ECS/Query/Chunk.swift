/// A run of rows of one table handed to a chunk loop: the entities of the rows and the row
/// range. The component buffers come beside it, one per query term.
///
/// ``entities`` points into the table and is valid only during the loop body that receives
/// the chunk (structural changes are rejected meanwhile); reading it is `unsafe`.
@safe
public struct Chunk {
    /// The entities of the chunk's rows, in row order.
    public let entities: UnsafeBufferPointer<Entity>
    /// The first row of the chunk in its table (non-zero when a parallel loop splits a table).
    public let firstRow: Int
    /// Index of the table within the world.
    public let tableIndex: Int

    /// Number of rows.
    @inlinable
    public var count: Int { unsafe entities.count }

    /// The chunk of rows `range` of `table`, which must lie in its live rows.
    @inlinable
    init(table: Table, range: Range<Int>) {
        assert(range.lowerBound >= 0 && range.upperBound <= table.aliveCount, "rows \(range) outside \(table.aliveCount) live rows")
        // SAFETY: `range` lies in the live rows (asserted above), whose entities are initialised;
        // the loop handing out the chunk keeps the table unchanged while the body runs.
        unsafe entities = UnsafeBufferPointer(start: table.entities + range.lowerBound, count: range.count)
        firstRow = range.lowerBound
        tableIndex = table.index
    }
}
