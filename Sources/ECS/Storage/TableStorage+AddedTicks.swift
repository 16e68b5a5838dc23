extension TableStorage {
    /// Starts tracking the added ticks of `column`: its live rows count as added at `version`.
    mutating func trackAdditions(column: Int, version: UInt64) {
        if addedTicks == nil { addedTicks = AddedTicks(columnCount: unsafe columns.count) }
        addedTicks!.track(column, capacity: capacity, count: count, version: version)
    }

    /// The tick part of ``moveRow(_:along:to:)``: the moved row's ticks go to `newRow` of the
    /// edge's target (raising its columns' latest ticks), the last live row's ticks fill `row`,
    /// and of the target's claim only the column the edge adds stays (none for a removal), so
    /// a component that moves along keeps its tick.
    @unsafe @usableFromInline
    mutating func moveAddedTicks(_ row: Int, along edge: TableEdge, to newRow: Int) {
        // SAFETY: `row` and the last live row are rows of this table and `newRow` a claimed row
        // of the target, all below their tables' capacities; each mapped column lies in the
        // target's column buffer (its index is its offset from the base), and a component is
        // tracked in every table or in none, so a tracked source column maps to a tracked one.
        let target = unsafe edge.target
        if var targetTicks = unsafe target.pointee.addedTicks {
            if unsafe target.pointee.columns.count > columns.count {
                targetTicks.claimedColumn = edge.column
            } else {
                targetTicks.claimed = 0..<0
            }
            if let ticks = addedTicks {
                let targetBase = unsafe target.pointee.columns.baseAddress.unsafelyUnwrapped
                for column in unsafe 0..<columns.count where ticks.isTracked(column) {
                    guard let mapped = unsafe edge.columnMap[column] else { continue }
                    let targetColumn = unsafe mapped - targetBase
                    let tick = ticks.tick(column, row: row)
                    unsafe targetTicks.buffers[targetColumn].unsafelyUnwrapped[newRow] = tick
                    unsafe targetTicks.latest[targetColumn] = Swift.max(targetTicks.latest[targetColumn], tick)
                }
            }
            unsafe target.pointee.addedTicks = targetTicks
        }
        unsafe addedTicks?.copyRow(aliveCount &- 1, to: row)
    }
}
