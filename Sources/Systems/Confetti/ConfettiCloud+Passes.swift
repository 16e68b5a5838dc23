import ECS

extension ConfettiCloud {
    /// Rows per parallel chunk: a multiple of the wind block, so chunk boundaries never change
    /// a row's arithmetic.
    static let chunkSize = 8 * 1024

    /// Runs one physics step over the alive prefix on up to `threads` threads and returns the
    /// number of rows left dead (opacity 0). Chunks depend only on ``chunkSize``, so the result
    /// has the same bits for any thread count.
    /// - Throws: `ECSError` `invalidArgument` for `threads` below 1.
    func step(_ kernel: ConfettiStepKernel, threads: Int) throws(ECSError) -> Int {
        try unsafe countingDead { (counts) throws(ECSError) in
            // SAFETY: the column buffers are the chunk's rows of one table, valid while the loop
            // body runs; their base addresses are column addresses, never nil, so the unwraps
            // cannot fail. The kernel reads and writes only the chunk's `rows`; chunk `k` (first
            // row `k * chunkSize`) writes only count slot `k`.
            try unsafe stepQuery.forEachChunk(threads: threads, chunkSize: Self.chunkSize) { chunk, position, velocity, rotation, opacity, spin, wind in
                let columns = unsafe ConfettiStateColumns(
                    position: position.baseAddress!, velocity: velocity.baseAddress!, rotation: rotation.baseAddress!,
                    opacity: opacity.baseAddress!, spin: spin.baseAddress!, windForce: wind.baseAddress!
                )
                let rows = chunk.firstRow..<(chunk.firstRow + chunk.count)
                unsafe counts.value[chunk.firstRow / Self.chunkSize] = kernel.run(rows: rows, columns: columns)
            }
        }
    }

    /// Runs one physics step like ``step(_:threads:)``, handing each parallel chunk to `body`
    /// with its rows, its step columns and a render kernel whose pointers address the chunk's
    /// first row, so that the step and the render mapping share one pass over the columns.
    /// `body` steps exactly its chunk's rows, writes only output of them and returns how many
    /// are dead afterwards; the sum over the chunks is returned.
    /// - Throws: `ECSError` `invalidArgument` for `threads` below 1.
    func stepRendering(
        threads: Int, _ body: @Sendable (Range<Int>, ConfettiStateColumns, ConfettiRenderKernel) -> Int
    ) throws(ECSError) -> Int {
        clearRespawnedRows()
        return try unsafe countingDead { (counts) throws(ECSError) in
            // SAFETY: as in `step(_:threads:)`; the render kernel's columns are the same chunk's.
            try unsafe stepRenderQuery.forEachChunk(threads: threads, chunkSize: Self.chunkSize) {
                chunk, position, velocity, rotation, opacity, spin, wind, id, size, color in
                let columns = unsafe ConfettiStateColumns(
                    position: position.baseAddress!, velocity: velocity.baseAddress!, rotation: rotation.baseAddress!,
                    opacity: opacity.baseAddress!, spin: spin.baseAddress!, windForce: wind.baseAddress!
                )
                let render = unsafe ConfettiRenderKernel(
                    id: id.baseAddress!, size: size.baseAddress!, color: color.baseAddress!,
                    position: position.baseAddress!, rotation: rotation.baseAddress!, opacity: opacity.baseAddress!
                )
                let rows = chunk.firstRow..<(chunk.firstRow + chunk.count)
                unsafe counts.value[chunk.firstRow / Self.chunkSize] = body(rows, columns, render)
            }
        }
    }

    /// Runs `pass` with one dead-count slot per chunk of the alive prefix and returns their sum
    /// (the slots are kept for ``respawnDead(_:)``).
    private func countingDead(
        _ pass: (ConfettiChunkShare<UnsafeMutableBufferPointer<Int>>) throws(ECSError) -> Void
    ) throws(ECSError) -> Int {
        let chunks = (aliveCount + Self.chunkSize - 1) / Self.chunkSize
        if deadCountsPerChunk.count < chunks {
            deadCountsPerChunk.append(contentsOf: repeatElement(0, count: chunks - deadCountsPerChunk.count))
        }
        // SAFETY: `deadCountsPerChunk` holds at least `chunks` slots (grown above), one per chunk.
        try unsafe deadCountsPerChunk.withUnsafeMutableBufferPointer { (buffer) throws(ECSError) in
            try unsafe pass(ConfettiChunkShare(buffer))
        }
        return deadCountsPerChunk.prefix(chunks).reduce(0, +)
    }

    /// Replaces every dead row of the alive prefix, in row order, with `make()`'s particle.
    /// Must follow ``step(_:threads:)``: its dead counts per chunk let the scan skip chunks
    /// without dead rows and stop at a chunk's last dead row. Live rows are skipped sixteen at
    /// a time.
    func respawnDead(_ make: () -> (ConfettoTraits, ConfettoState)) {
        // The rows go to a local list, which the loop appends to without the run-time
        // exclusivity check and uniqueness test of a stored array.
        var respawned = takeRespawnedRows()
        let rows = aliveCount
        let chunks = (rows + Self.chunkSize - 1) / Self.chunkSize
        // SAFETY: every row reached is below `end`, at most `rows` (the alive prefix), and the
        // 16-lane load starts only where 16 rows remain before `end`; `writeRows` lends the
        // columns of row 0 for the duration of the closure.
        writeRows { base in
            for (chunk, dead) in deadCountsPerChunk.prefix(chunks).enumerated() where dead > 0 {
                var left = dead
                var row = chunk * Self.chunkSize
                let end = min(rows, row + Self.chunkSize)
                while left > 0 && row < end {
                    let lanes = min(16, end - row)
                    if lanes == 16 && all(unsafe UnsafeRawPointer(base.opacity + row).loadUnaligned(as: SIMD16<Float>.self) .> 0) {
                        row += 16
                        continue
                    }
                    for lane in row..<(row + lanes) where unsafe !(base.opacity[lane].value > 0) {
                        let (traits, state) = make()
                        unsafe base.advanced(by: lane).store(traits, state)
                        respawned.append(lane)
                        left -= 1
                    }
                    row += lanes
                }
            }
        }
        noteRespawned(respawned, limit: max(64, rows / 8))
    }

    /// Runs `body` for each parallel chunk of the alive prefix with the chunk's rows and a
    /// render kernel whose pointers address the chunk's first row; `body` must only write
    /// output of its own rows. `threads` below 1 counts as 1.
    func forEachRenderChunk(threads: Int, _ body: @Sendable (Range<Int>, ConfettiRenderKernel) -> Void) {
        // Cannot fail: the thread count is at least 1, the chunk size is positive and the
        // cloud's world is private (never scheduled).
        // SAFETY: the column buffers are the chunk's rows of one table, valid while the loop
        // body runs; their base addresses are column addresses, never nil, so the unwraps
        // cannot fail. `body` writes only output of the chunk's own rows.
        try? unsafe renderQuery.forEachChunk(threads: max(1, threads), chunkSize: Self.chunkSize) { chunk, id, size, color, position, rotation, opacity in
            let kernel = unsafe ConfettiRenderKernel(
                id: id.baseAddress!, size: size.baseAddress!, color: color.baseAddress!,
                position: position.baseAddress!, rotation: rotation.baseAddress!, opacity: opacity.baseAddress!
            )
            body(chunk.firstRow..<(chunk.firstRow + chunk.count), kernel)
        }
    }
}
