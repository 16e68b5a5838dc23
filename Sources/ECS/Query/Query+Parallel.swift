extension Query {
    /// Runs `body` over the matching rows split into chunks of at most `chunkSize` rows, on up to
    /// `threads` threads.
    ///
    /// Chunk boundaries depend only on `chunkSize`, never on `threads`, so a body that computes
    /// each row (or each chunk) independently gives bit-identical results for any thread count.
    /// The body is `@Sendable`: it may run on several threads at once, so it cannot capture a
    /// mutable local (`sum += …` is a compile error); it must only write the rows of its own
    /// chunk. Written columns are stamped once per table on the calling thread before that
    /// table's chunks start. With an added-since filter each chunk is cut further into its runs
    /// of consecutive added rows, one call each. On one thread the chunks run in order on the calling thread, and
    /// the loop allocates nothing. A query naming a sparse-set component runs its one-entity chunks on the
    /// calling thread (`forEachSparseChunk(_:)`).
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` for a thread count or chunk size
    ///   below 1; ``ECSError/Code-swift.enum/undeclaredAccess`` inside a system that did not
    ///   declare a term.
    @inlinable
    public func forEachChunk(
        threads: Int,
        chunkSize: Int = 16_384,
        _ body: @Sendable (Chunk, repeat (each T).Column) -> Void
    ) throws(ECSError) {
        guard threads >= 1 else { throw ECSError(.invalidArgument, "thread count must be at least 1 (got \(threads))") }
        guard chunkSize >= 1 else { throw ECSError(.invalidArgument, "chunk size must be at least 1 (got \(chunkSize))") }
        try checkDeclaredAccess()
        if sparse.isActive { return forEachSparseChunk(body) }
        refresh()
        world.beginIteration()
        defer { world.endIteration() }
        let version = world.nextVersion()
        guard threads > 1 else {
            // One thread: the same chunks in the same order, run here without a job list, so
            // the loop allocates nothing.
            for match in matches where match.table.aliveCount > 0 && admitsTable(match) {
                repeat (each match.columns).stamp(match.table, version: version)
                var start = 0
                while start < match.table.aliveCount {
                    let rows = start..<Swift.min(start + chunkSize, match.table.aliveCount)
                    forEachRun(match, in: rows) { run in
                        body(Chunk(table: match.table, range: run), repeat (each match.columns).view(match.table, run))
                    }
                    start = rows.upperBound
                }
            }
            return
        }
        var jobs: [(match: Int, rows: Range<Int>)] = []
        // One allocation for the job list, however many chunks there are.
        jobs.reserveCapacity(matches.reduce(0) { total, match in
            let rows = match.table.aliveCount
            return total + (admitsTable(match) ? rows / chunkSize + (rows % chunkSize == 0 ? 0 : 1) : 0)
        })
        for (index, match) in matches.enumerated() where match.table.aliveCount > 0 && admitsTable(match) {
            repeat (each match.columns).stamp(match.table, version: version)
            var start = 0
            let end = match.table.aliveCount
            while start < end {
                let stop = Swift.min(start + chunkSize, end)
                jobs.append((index, start..<stop))
                start = stop
            }
        }
        let shared = UncheckedSendable((query: self, matches: self.matches))
        ParallelExecutor.run(jobs: jobs.count, threads: threads) { [jobs] job in
            let (index, rows) = jobs[job]
            let match = shared.value.matches[index]
            let table = match.table
            shared.value.query.forEachRun(match, in: rows) { run in
                body(Chunk(table: table, range: run), repeat (each match.columns).view(table, run))
            }
        }
    }
}
