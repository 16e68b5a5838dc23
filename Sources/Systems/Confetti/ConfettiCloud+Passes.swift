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
        let chunks = (aliveCount + Self.chunkSize - 1) / Self.chunkSize
        if deadCountsPerChunk.count < chunks {
            deadCountsPerChunk.append(contentsOf: repeatElement(0, count: chunks - deadCountsPerChunk.count))
        }
        try deadCountsPerChunk.withUnsafeMutableBufferPointer { (buffer) throws(ECSError) in
            let counts = ConfettiChunkShare(buffer)
            try stepQuery.forEachChunk(threads: threads, chunkSize: Self.chunkSize) { chunk, position, velocity, rotation, opacity, spin, wind in
                let columns = ConfettiStateColumns(
                    position: position.baseAddress!, velocity: velocity.baseAddress!, rotation: rotation.baseAddress!,
                    opacity: opacity.baseAddress!, spin: spin.baseAddress!, windForce: wind.baseAddress!
                )
                let rows = chunk.firstRow..<(chunk.firstRow + chunk.count)
                counts.value[chunk.firstRow / Self.chunkSize] = kernel.run(rows: rows, columns: columns)
            }
        }
        return deadCountsPerChunk.prefix(chunks).reduce(0, +)
    }

    /// Replaces every dead row of the alive prefix, in row order, with `make()`'s particle.
    /// Must follow ``step(_:threads:)``: its dead counts per chunk let the scan skip chunks
    /// without dead rows and stop at a chunk's last dead row. Live rows are skipped sixteen at
    /// a time.
    func respawnDead(_ make: () -> (ConfettoTraits, ConfettoState)) {
        let rows = aliveCount
        let limit = max(64, rows / 8)
        let chunks = (rows + Self.chunkSize - 1) / Self.chunkSize
        writeRows { base in
            for (chunk, dead) in deadCountsPerChunk.prefix(chunks).enumerated() where dead > 0 {
                var left = dead
                var row = chunk * Self.chunkSize
                let end = min(rows, row + Self.chunkSize)
                while left > 0 && row < end {
                    let lanes = min(16, end - row)
                    if lanes == 16 && all(UnsafeRawPointer(base.opacity + row).loadUnaligned(as: SIMD16<Float>.self) .> 0) {
                        row += 16
                        continue
                    }
                    for lane in row..<(row + lanes) where !(base.opacity[lane].value > 0) {
                        let (traits, state) = make()
                        base.advanced(by: lane).store(traits, state)
                        noteRewritten(row: lane, limit: limit)
                        left -= 1
                    }
                    row += lanes
                }
            }
        }
    }

    /// Runs `body` for each parallel chunk of the alive prefix with the chunk's rows and a
    /// render kernel whose pointers address the chunk's first row; `body` must only write
    /// output of its own rows. `threads` below 1 counts as 1.
    func forEachRenderChunk(threads: Int, _ body: @Sendable (Range<Int>, ConfettiRenderKernel) -> Void) {
        // Cannot fail: the thread count is at least 1, the chunk size is positive and the
        // cloud's world is private (never scheduled).
        try? renderQuery.forEachChunk(threads: max(1, threads), chunkSize: Self.chunkSize) { chunk, id, size, color, position, rotation, opacity in
            let kernel = ConfettiRenderKernel(
                id: id.baseAddress!, size: size.baseAddress!, color: color.baseAddress!,
                position: position.baseAddress!, rotation: rotation.baseAddress!, opacity: opacity.baseAddress!
            )
            body(chunk.firstRow..<(chunk.firstRow + chunk.count), kernel)
        }
    }
}
