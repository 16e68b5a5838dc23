extension TableStorage {
    /// Starts tracking the added ticks of `column`: its live rows count as added at `version`.
    mutating func trackAdditions(column: Int, version: UInt64) {
        // SAFETY: the ticks are allocated and initialised once here and freed by `deallocate()`.
        if unsafe addedTicks == nil {
            let ticks = UnsafeMutablePointer<AddedTicks>.allocate(capacity: 1)
            unsafe ticks.initialize(to: AddedTicks(columnCount: columns.count))
            unsafe addedTicks = ticks
        }
        unsafe addedTicks.unsafelyUnwrapped.pointee.track(column, capacity: capacity, count: count, version: version)
    }

    /// Stamps `rows`, just added to the table (a spawn), with `version` in every tracked column;
    /// nothing when the table tracks none. Out of line: only the world's tracked paths and its
    /// bulk spawns call it.
    @usableFromInline @inline(never)
    func stampAddedRows(_ rows: Range<Int>, version: UInt64) {
        // SAFETY: the ticks, when present, live as long as the storage; the caller passes rows
        // below the capacity.
        unsafe addedTicks?.pointee.stamp(rows, version: version)
    }

    /// The tick part of a destroy's ``kill(row:of:)``, called just before it: the last live
    /// row's ticks fill `row`, which that row's values are about to fill.
    @usableFromInline @inline(never)
    func killAddedTicks(row: Int) {
        // SAFETY: as in ``stampAddedRows(_:version:)``; `row` and the last live row are live.
        unsafe addedTicks?.pointee.copyRow(aliveCount &- 1, to: row)
    }

    /// The tick part of ``moveRow(_:along:to:)``, called just before it: the moved row's ticks
    /// go to `newRow` of the edge's target (raising its columns' latest ticks), the component an
    /// insert adds is stamped with `version` there, and the last live row's ticks fill `row`.
    /// A component that moves along keeps its tick.
    @unsafe @usableFromInline @inline(never)
    func moveAddedTicks(_ row: Int, along edge: TableEdge, to newRow: Int, version: UInt64) {
        // SAFETY: `row` and the last live row are rows of this table and `newRow` a claimed row
        // of the target, all below their tables' capacities; each mapped column lies in the
        // target's column buffer (its index is its offset from the base), and a component is
        // tracked in every table or in none, so a tracked source column maps to a tracked one.
        let target = unsafe edge.target
        if let targetTicks = unsafe target.pointee.addedTicks {
            if unsafe target.pointee.columns.count > columns.count {
                unsafe targetTicks.pointee.stamp(newRow, column: edge.column, version: version)
            }
            if let ticks = unsafe addedTicks?.pointee {
                let targetBase = unsafe target.pointee.columns.baseAddress.unsafelyUnwrapped
                for column in unsafe 0..<columns.count where ticks.isTracked(column) {
                    guard let mapped = unsafe edge.columnMap[column] else { continue }
                    let targetColumn = unsafe mapped - targetBase
                    let tick = ticks.tick(column, row: row)
                    unsafe targetTicks.pointee.buffers[targetColumn].unsafelyUnwrapped[newRow] = tick
                    unsafe targetTicks.pointee.latest[targetColumn] = Swift.max(targetTicks.pointee.latest[targetColumn], tick)
                }
            }
        }
        unsafe addedTicks?.pointee.copyRow(aliveCount &- 1, to: row)
    }
}
