/// The added ticks of a table's tracked columns: for each column whose component some query
/// filters with ``Query/added(_:since:)``, the world version at which each row's value was
/// added (spawned with, inserted, or inserted again after a removal), and the largest of them.
///
/// Only tracked components pay for ticks: a table with no tracked column has none
/// (``TableStorage/addedTicks`` is nil) and its row operations skip them after one check.
///
/// The table's per-row operations leave the ticks alone: the world keeps them in step on its
/// tracked paths (``World/additionsTrackedBit``), stamping the rows a change adds with the
/// change's version and moving a row's ticks with its values, so that worlds without an `added`
/// filter pay nothing for them. Bulk operations (growth, compaction, `retain`) move the ticks
/// themselves.
///
/// The buffers are raw and owned by the table's storage, which frees them with
/// ``deallocate()`` exactly once; every row access is checked only with `assert`.
@safe @usableFromInline
struct AddedTicks {
    /// One entry per column of the table: the column's ticks, one per row at the table's
    /// capacity, or nil when the column is not tracked.
    @usableFromInline let buffers: UnsafeMutablePointer<UnsafeMutablePointer<UInt64>?>
    /// One entry per column: the largest tick the column ever held (0 when untracked). A
    /// column whose latest tick is not above a version holds no row added after it.
    @usableFromInline let latest: UnsafeMutablePointer<UInt64>
    /// Number of columns.
    @usableFromInline let columnCount: Int

    /// No tracked column yet, for a table of `columnCount` columns.
    init(columnCount: Int) {
        self.columnCount = columnCount
        // SAFETY: both buffers hold `columnCount` entries (at least one, so the allocation is
        // not empty), initialised here and freed by `deallocate()`.
        unsafe buffers = .allocate(capacity: Swift.max(columnCount, 1))
        unsafe buffers.initialize(repeating: nil, count: Swift.max(columnCount, 1))
        unsafe latest = .allocate(capacity: Swift.max(columnCount, 1))
        unsafe latest.initialize(repeating: 0, count: Swift.max(columnCount, 1))
    }

    /// Frees every buffer; the ticks must not be used afterwards.
    @unsafe func deallocate() {
        // SAFETY: each tick buffer was allocated by `track` or `grow` and is owned here alone.
        for column in 0..<columnCount { unsafe buffers[column]?.deallocate() }
        unsafe buffers.deallocate()
        unsafe latest.deallocate()
    }

    /// Whether `column` is tracked.
    @inlinable
    func isTracked(_ column: Int) -> Bool {
        assert(column >= 0 && column < columnCount, "column \(column) outside \(columnCount) columns")
        // SAFETY: `column` is one of the `columnCount` entries (asserted above).
        return unsafe buffers[column] != nil
    }

    /// Starts tracking `column` of a table of `capacity` rows whose first `count` rows are
    /// initialised: those rows count as added at `version`.
    mutating func track(_ column: Int, capacity: Int, count: Int, version: UInt64) {
        guard !isTracked(column) else { return }
        // SAFETY: the buffer holds `max(capacity, 1) >= count` ticks; rows `0..<count` are
        // initialised, the others are written before they are read (the change that adds a row
        // stamps it).
        let ticks = UnsafeMutablePointer<UInt64>.allocate(capacity: Swift.max(capacity, 1))
        unsafe ticks.initialize(repeating: version, count: count)
        unsafe buffers[column] = ticks
        unsafe latest[column] = version
    }

    /// Moves the first `count` ticks of every tracked column to buffers of `capacity` rows.
    mutating func grow(count: Int, to capacity: Int) {
        // SAFETY: each fresh buffer holds `capacity >= count` ticks; the old one is freed after
        // its `count` ticks move over.
        for column in 0..<columnCount {
            guard let old = unsafe buffers[column] else { continue }
            let fresh = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
            unsafe fresh.moveInitialize(from: old, count: count)
            unsafe old.deallocate()
            unsafe buffers[column] = fresh
        }
    }

    /// Writes `version` as the tick of `rows` in every tracked column (rows a spawn added).
    @usableFromInline
    func stamp(_ rows: Range<Int>, version: UInt64) {
        // SAFETY: the caller passes rows below the table's capacity, the size of every buffer.
        for column in 0..<columnCount {
            guard let ticks = unsafe buffers[column] else { continue }
            for row in rows { unsafe ticks[row] = version }
            unsafe latest[column] = version
        }
    }

    /// Writes `version` as the tick of `row` in `column`, if tracked (the component an insert
    /// added).
    @usableFromInline
    func stamp(_ row: Int, column: Int, version: UInt64) {
        // SAFETY: the caller passes a row below the table's capacity and one of its columns.
        guard let ticks = unsafe buffers[column] else { return }
        unsafe ticks[row] = version
        unsafe latest[column] = version
    }

    /// The tick of `row` in the tracked `column`.
    @inlinable
    func tick(_ column: Int, row: Int) -> UInt64 {
        assert(isTracked(column), "column \(column) is not tracked")
        // SAFETY: a tracked column's buffer holds a tick per row of the table's capacity.
        return unsafe buffers[column].unsafelyUnwrapped[row]
    }

    /// Copies the tick of row `source` to row `destination` in every tracked column (a row
    /// moving inside its table).
    @unsafe @inlinable
    func copyRow(_ source: Int, to destination: Int) {
        for column in 0..<columnCount {
            // SAFETY: the caller passes rows below the table's capacity.
            guard let ticks = unsafe buffers[column] else { continue }
            unsafe ticks[destination] = ticks[source]
        }
    }

    /// Moves the ticks of rows `source..<source + count` to `destination..<destination + count`
    /// (which may overlap) in every tracked column.
    @unsafe func moveRows(from source: Int, to destination: Int, count: Int) {
        for column in 0..<columnCount {
            // SAFETY: the caller passes rows below the table's capacity; `update(from:)` of
            // plain integers copies like `memmove`.
            guard let ticks = unsafe buffers[column] else { continue }
            unsafe (ticks + destination).update(from: ticks + source, count: count)
        }
    }
}
