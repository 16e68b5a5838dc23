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

    /// Records `rows`, just claimed, for the change in progress (the ticks exist). Out of line,
    /// so that the row operations of untracked tables stay small.
    @unsafe @usableFromInline @inline(never)
    func claimAddedRows(_ rows: Range<Int>) {
        // SAFETY: the caller checked that the ticks exist; they live as long as the storage.
        unsafe addedTicks.unsafelyUnwrapped.pointee.claim(rows)
    }

    /// Stamps the claimed rows with `version` (the ticks exist); out of line, as above.
    @unsafe @usableFromInline @inline(never)
    func stampClaimedRows(_ version: UInt64) {
        // SAFETY: as in ``claimAddedRows(_:)``.
        unsafe addedTicks.unsafelyUnwrapped.pointee.stampClaimed(version)
    }

    /// Copies the ticks of row `source` to `destination` (the ticks exist); out of line, as above.
    @unsafe @usableFromInline @inline(never)
    func copyAddedTicks(_ source: Int, to destination: Int) {
        // SAFETY: as in ``claimAddedRows(_:)``; the caller passes rows below the capacity.
        unsafe addedTicks.unsafelyUnwrapped.pointee.copyRow(source, to: destination)
    }

    /// The tick part of ``moveRow(_:along:to:)`` from a table with ticks: the moved row's ticks
    /// go to `newRow` of the edge's target (raising its columns' latest ticks), the last live
    /// row's ticks fill `row`, and of the target's claim only the column the edge adds stays
    /// (none for a removal), so a component that moves along keeps its tick.
    @unsafe @usableFromInline
    mutating func moveAddedTicks(_ row: Int, along edge: TableEdge, to newRow: Int) {
        // SAFETY: `row` and the last live row are rows of this table and `newRow` a claimed row
        // of the target, all below their tables' capacities; each mapped column lies in the
        // target's column buffer (its index is its offset from the base), and a component is
        // tracked in every table or in none, so a tracked source column maps to a tracked one.
        let target = unsafe edge.target
        if let targetTicks = unsafe target.pointee.addedTicks {
            if unsafe target.pointee.columns.count > columns.count {
                unsafe targetTicks.pointee.claimedColumn = edge.column
            } else {
                unsafe targetTicks.pointee.claimed = 0..<0
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
