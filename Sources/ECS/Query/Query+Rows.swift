extension Query {
    /// Calls `body` with each run of consecutive rows of `rows` (live rows of `match`'s table,
    /// which passed ``admitsTable(_:)``) that pass the per-row filters: the added-since filters
    /// and the added alternatives of the `or` groups. Without such filters that is `rows`
    /// itself, in one call.
    @inlinable
    func forEachRun(_ match: QueryMatch<repeat each T>, in rows: Range<Int>, _ body: (Range<Int>) throws -> Void) rethrows {
        guard let filters = match.rowFilters, filters.testsRows else { return try body(rows) }
        if orGroups.isEmpty && addedFilters.count == 1 {
            // One added filter: a scan of one tick buffer.
            // SAFETY: the filter's column is tracked (the filter started its recording).
            let ticks = unsafe match.table.addedTicks(column: filters.addedColumns[0])
            let since = addedFilters[0].since
            var row = rows.lowerBound
            while row < rows.upperBound {
                // SAFETY: every row scanned is a live row of the table, inside its tick buffer.
                guard unsafe ticks[row] > since else {
                    row &+= 1
                    continue
                }
                var end = row &+ 1
                while unsafe end < rows.upperBound && ticks[end] > since { end &+= 1 }
                try body(row..<end)
                row = end
            }
            return
        }
        var row = rows.lowerBound
        while row < rows.upperBound {
            guard admitsRow(filters, match.table, row) else {
                row &+= 1
                continue
            }
            var end = row &+ 1
            while end < rows.upperBound && admitsRow(filters, match.table, end) { end &+= 1 }
            try body(row..<end)
            row = end
        }
    }

    /// Whether live `row` of `match`'s table passes the per-row filters (always, when the
    /// match tests no rows).
    @inlinable
    func admitsRow(_ match: QueryMatch<repeat each T>, _ row: Int) -> Bool {
        guard let filters = match.rowFilters, filters.testsRows else { return true }
        return admitsRow(filters, match.table, row)
    }

    /// Whether live `row` of `table`, whose filter columns are `filters`, passes the per-row
    /// filters.
    @inlinable
    func admitsRow(_ filters: MatchedRowFilters, _ table: Table, _ row: Int) -> Bool {
        for (filter, column) in zip(addedFilters, filters.addedColumns) where table.addedTick(column: column, row: row) <= filter.since {
            return false
        }
        for (group, candidates) in zip(orGroups, filters.orCandidates) where !candidates.isEmpty && !group.admitsRow(candidates, table, row) {
            return false
        }
        return true
    }
}
