import ECS
import Render

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
        let kernels = kernels
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
                    position: position.baseAddress!, rotation: rotation.baseAddress!, opacity: opacity.baseAddress!,
                    instructionSet: kernels
                )
                let rows = chunk.firstRow..<(chunk.firstRow + chunk.count)
                unsafe counts.value[chunk.firstRow / Self.chunkSize] = body(rows, columns, render)
            }
        }
    }

    /// Runs `pass` with one dead-count slot per chunk of the alive prefix and returns their sum
    /// (the slots are kept for ``respawnDead(threads:_:)``).
    private func countingDead(
        _ pass: (UncheckedSendable<UnsafeMutableBufferPointer<Int>>) throws(ECSError) -> Void
    ) throws(ECSError) -> Int {
        let chunks = (aliveCount + Self.chunkSize - 1) / Self.chunkSize
        if deadCountsPerChunk.count < chunks {
            deadCountsPerChunk.append(contentsOf: repeatElement(0, count: chunks - deadCountsPerChunk.count))
        }
        // SAFETY: `deadCountsPerChunk` holds at least `chunks` slots (grown above), one per chunk.
        try unsafe deadCountsPerChunk.withUnsafeMutableBufferPointer { (buffer) throws(ECSError) in
            try unsafe pass(UncheckedSendable(buffer))
        }
        return deadCountsPerChunk.prefix(chunks).reduce(0, +)
    }

    /// Replaces every dead row of the alive prefix with `make(k)`'s particle, where `k` numbers
    /// the dead rows in row order from 0, on up to `threads` threads: `make` must give the same
    /// particle for the same `k` whatever the order and thread of its calls. Must follow
    /// ``step(_:threads:)``, whose dead counts per chunk number each chunk's first dead row.
    /// - Returns: The number of rows replaced.
    @discardableResult
    func respawnDead(threads: Int, _ make: @Sendable (Int) -> (ConfettoTraits, ConfettoState)) -> Int {
        respawning { respawned, _, _ in
            // SAFETY: `respawned` holds a slot for every dead row and chunk `c` fills only slots
            // `firstRespawnPerChunk[c]..<firstRespawnPerChunk[c] + deadCountsPerChunk[c]`, so the
            // chunks write disjoint slots; the loop returns once every chunk is done. The column
            // buffers are the chunk's rows, with base addresses that are never nil.
            unsafe respawned.withUnsafeMutableBufferPointer { rows in
                unsafe firstRespawnPerChunk.withUnsafeBufferPointer { first in
                    unsafe deadCountsPerChunk.withUnsafeBufferPointer { dead in
                        let shared = unsafe UncheckedSendable((rows: rows, first: first, dead: dead))
                        // Cannot fail: the thread count is at least 1, the chunk size is positive
                        // and the cloud runs outside any system or in an exclusive one.
                        try? unsafe writeQuery.forEachChunk(threads: max(1, threads), chunkSize: Self.chunkSize) {
                            chunk, id, size, color, spin, wind, position, velocity, rotation, opacity in
                            let columns = unsafe ConfettiParticleColumns(
                                id: id.baseAddress!, size: size.baseAddress!, color: color.baseAddress!, spin: spin.baseAddress!,
                                windForce: wind.baseAddress!, position: position.baseAddress!, velocity: velocity.baseAddress!,
                                rotation: rotation.baseAddress!, opacity: opacity.baseAddress!
                            )
                            let index = chunk.firstRow / Self.chunkSize
                            unsafe Self.respawnDeadRows(
                                of: columns, rows: chunk.count, dead: shared.value.dead[index],
                                numberedFrom: shared.value.first[index], make
                            ) { k, row in unsafe shared.value.rows[k] = chunk.firstRow + row }
                        }
                    }
                }
            }
        }
    }

    /// Replaces every dead row of the alive prefix, in row order on this thread, with
    /// `make(k)`'s particle, `k` numbering the dead rows in row order from 0: for a `make`
    /// that keeps state from call to call. Must follow ``step(_:threads:)``.
    /// - Returns: The number of rows replaced.
    @discardableResult
    func respawnDeadInOrder(_ make: (Int) -> (ConfettoTraits, ConfettoState)) -> Int {
        respawning { respawned, alive, chunks in
            // SAFETY: `writeRows` lends the columns of row 0; each chunk's rows lie in the alive
            // prefix; `respawned` holds a slot for every dead row.
            writeRows { base in
                for chunk in 0..<chunks where deadCountsPerChunk[chunk] > 0 {
                    let first = chunk * Self.chunkSize
                    unsafe Self.respawnDeadRows(
                        of: base.advanced(by: first), rows: min(Self.chunkSize, alive - first),
                        dead: deadCountsPerChunk[chunk], numberedFrom: firstRespawnPerChunk[chunk], make
                    ) { k, row in respawned[k] = first + row }
                }
            }
        }
    }

    /// Runs `fill` with the list of respawned rows, one slot per dead row, the alive count and
    /// the number of chunks, after numbering each chunk's first dead row; then records the
    /// list (``noteRespawned(_:limit:)``) and returns the number of dead rows.
    private func respawning(_ fill: (inout [Int], _ alive: Int, _ chunks: Int) -> Void) -> Int {
        let alive = aliveCount
        let chunks = (alive + Self.chunkSize - 1) / Self.chunkSize
        if firstRespawnPerChunk.count < chunks {
            firstRespawnPerChunk.append(contentsOf: repeatElement(0, count: chunks - firstRespawnPerChunk.count))
        }
        var total = 0
        for chunk in 0..<chunks {
            firstRespawnPerChunk[chunk] = total
            total += deadCountsPerChunk[chunk]
        }
        var respawned = takeRespawnedRows()
        respawned.append(contentsOf: repeatElement(0, count: total))
        fill(&respawned, alive, chunks)
        noteRespawned(respawned, limit: max(64, alive / 8))
        return total
    }

    /// Replaces the dead rows (opacity not above 0) among the `rows` rows from `columns`, in row
    /// order, with `make(k)`'s particle, `k` counting on from `first`, until `dead` rows were
    /// replaced; `record(k, row)` learns each. Live rows are skipped sixteen at a time while
    /// sixteen remain.
    @unsafe @inline(__always)
    static func respawnDeadRows(
        of columns: ConfettiParticleColumns, rows: Int, dead: Int, numberedFrom first: Int,
        _ make: (Int) -> (ConfettoTraits, ConfettoState), record: (Int, Int) -> Void
    ) {
        var k = first
        var row = 0
        // SAFETY: every row reached is below `rows`, which the caller keeps inside the buffers,
        // and the 16-lane load starts only where 16 rows remain.
        while k < first + dead && row < rows {
            let lanes = min(16, rows - row)
            if lanes == 16 && all(unsafe UnsafeRawPointer(columns.opacity + row).loadUnaligned(as: SIMD16<Float>.self) .> 0) {
                row += 16
                continue
            }
            for lane in row..<(row + lanes) where unsafe !(columns.opacity[lane].value > 0) {
                guard k < first + dead else { break }
                let (traits, state) = make(k)
                unsafe columns.advanced(by: lane).store(traits, state)
                record(k, lane)
                k += 1
            }
            row += lanes
        }
    }

    /// Runs `body` for each parallel chunk of the alive prefix with the chunk's rows and a
    /// render kernel whose pointers address the chunk's first row; `body` must only write
    /// output of its own rows. `threads` below 1 counts as 1.
    func forEachRenderChunk(threads: Int, _ body: @Sendable (Range<Int>, ConfettiRenderKernel) -> Void) {
        // Cannot fail: the thread count is at least 1, the chunk size is positive and the
        // cloud runs outside any system or in an exclusive one.
        // SAFETY: the column buffers are the chunk's rows of one table, valid while the loop
        // body runs; their base addresses are column addresses, never nil, so the unwraps
        // cannot fail. `body` writes only output of the chunk's own rows.
        let kernels = kernels
        try? unsafe renderQuery.forEachChunk(threads: max(1, threads), chunkSize: Self.chunkSize) { chunk, id, size, color, position, rotation, opacity in
            let kernel = unsafe ConfettiRenderKernel(
                id: id.baseAddress!, size: size.baseAddress!, color: color.baseAddress!,
                position: position.baseAddress!, rotation: rotation.baseAddress!, opacity: opacity.baseAddress!,
                instructionSet: kernels
            )
            body(chunk.firstRow..<(chunk.firstRow + chunk.count), kernel)
        }
    }
}
