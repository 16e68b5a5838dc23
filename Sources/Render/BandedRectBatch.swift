import SIMDKernels
import ECS

/// Draws batches of rotated rectangles band by band, on one thread or several, and keeps the
/// working memory for it, which later batches reuse (no allocation once it fits).
///
/// A batch runs in three passes over fixed chunks of rectangles and fixed bands of rows:
/// 1. *Prepare*, per chunk: each rectangle is validated and reduced to its `RectSpans`
///    (`rect_batch_prepare`), and the chunk counts how many of its rectangles meet each band.
/// 2. *Bin*, per chunk: each rectangle is listed under every band it meets, at offsets that put
///    the chunks of a band in chunk order, so every band lists its rectangles in batch order.
/// 3. *Fill*, per band: the band fills the rows of its rectangles that lie inside it, in order
///    (`rect_batch_fill`).
///
/// Every pixel lies in exactly one band and is blended by the same rectangles in the same order
/// as when the batch is drawn rectangle by rectangle, so the pixels have the same bits for any
/// band height, chunk split and thread count.
///
/// Unchecked `Sendable`: the canvas that owns a batch draws with it only while it holds the
/// only reference (it makes a fresh one otherwise), so two threads never share one.
package final class BandedRectBatch: @unchecked Sendable {
    /// Rows per band in ordinary draws.
    package static let defaultRowsPerBand = 32
    /// Rectangles per chunk of the prepare and bin passes.
    static let chunkSize = 4096
    /// The most rectangles one round of the passes takes; longer batches run in several rounds,
    /// in order, which bounds the working memory and keeps list entries within 32 bits.
    static let maxRectsPerRound = 1 << 20

    /// The spans of every rectangle of the round, by its index in the round.
    private var spans = ScratchBuffer<RectSpans>()
    /// The bands every rectangle meets: the first in the low 16 bits, one past the last in the
    /// high 16 bits; equal for a rectangle that is skipped or misses the canvas.
    private var bandRanges = ScratchBuffer<UInt32>()
    /// Per chunk and band (chunk-major), the rectangles the chunk lists under the band, then the
    /// position of the chunk's next entry in ``listed``.
    private var chunkBandCounts = ScratchBuffer<Int>()
    /// Valid rectangles per chunk.
    private var drawnPerChunk = ScratchBuffer<Int>()
    /// Per chunk, the columns and rows its rectangles may fill (`minX, minY, endX, endY`).
    private var chunkBounds = ScratchBuffer<Int32>()
    /// The round's rectangle indices band after band.
    private var listed = ScratchBuffer<UInt32>()
    /// Where each band's entries start in ``listed``, plus the end of the last band.
    private var bandStarts = ScratchBuffer<Int>()
    /// The bands in the order the fill pass hands them out: most entries first.
    private var bandOrder = ScratchBuffer<Int>()

    deinit {
        spans.deallocate()
        bandRanges.deallocate()
        chunkBandCounts.deallocate()
        drawnPerChunk.deallocate()
        chunkBounds.deallocate()
        listed.deallocate()
        bandStarts.deallocate()
        bandOrder.deallocate()
    }

    /// Draws the `count` rectangles of `columns`, the first first, through `rasterizer`, on up
    /// to `threads` threads (at least 1) in bands of `rowsPerBand` rows (1...65535), and returns
    /// how many were valid. The columns must hold `count` rectangles while the call runs.
    ///
    /// With a `background` (a packed premultiplied pixel), every band first sets its rows to it,
    /// so the canvas is cleared band by band, in parallel and while the band is in the cache,
    /// before the first rectangle is blended; with a `stale` region too, only the pixels of the
    /// region, the caller knowing that every other pixel is the background already.
    ///
    /// - Returns: The valid rectangles, and a region holding every pixel they may have changed.
    func draw(
        count: Int, of columns: RectColumns, with rasterizer: SpanRasterizer, threads: Int,
        rowsPerBand: Int, clearingTo background: UInt32? = nil, stale: CanvasRegion? = nil
    ) -> (drawn: Int, bounds: CanvasRegion) {
        precondition(threads >= 1 && (1...65_535).contains(rowsPerBand), "checked by the canvas")
        var drawn = 0
        var bounds = CanvasRegion.empty
        var first = 0
        var background = background
        while first < count || background != nil {
            let roundCount = min(count - first, Self.maxRectsPerRound)
            let round = unsafe drawRound(
                count: roundCount, of: columns.advanced(by: first), with: rasterizer, threads: threads,
                rowsPerBand: rowsPerBand, clearingTo: background, stale: stale)
            drawn += round.drawn
            bounds = bounds.union(round.bounds)
            first += roundCount
            background = nil
        }
        return (drawn, bounds)
    }

    /// The working memory and inputs of one round, handed to the passes.
    @safe
    private struct Round {
        let columns: RectColumns
        let spans: UnsafeMutablePointer<RectSpans>
        let bandRanges: UnsafeMutablePointer<UInt32>
        let chunkBandCounts: UnsafeMutablePointer<Int>
        let drawnPerChunk: UnsafeMutablePointer<Int>
        let chunkBounds: UnsafeMutablePointer<Int32>
        let bandStarts: UnsafeMutablePointer<Int>
        let rasterizer: SpanRasterizer
        let count: Int
        let bands: Int
        let rowsPerBand: Int
        /// The pixel each band sets its rows to before filling, if any.
        let background: UInt32?
        /// The pixels the clear sets: those that may differ from the background.
        let cleared: CanvasRegion

        /// The rectangles of chunk `chunk`.
        func rects(ofChunk chunk: Int) -> Range<Int> {
            chunk * BandedRectBatch.chunkSize..<min((chunk + 1) * BandedRectBatch.chunkSize, count)
        }
    }

    /// One round of at most ``maxRectsPerRound`` rectangles.
    private func drawRound(
        count: Int, of columns: RectColumns, with rasterizer: SpanRasterizer, threads: Int, rowsPerBand: Int,
        clearingTo background: UInt32?, stale: CanvasRegion?
    ) -> (drawn: Int, bounds: CanvasRegion) {
        let bands = (rasterizer.height + rowsPerBand - 1) / rowsPerBand
        let chunks = (count + Self.chunkSize - 1) / Self.chunkSize
        let round = unsafe Round(
            columns: columns, spans: spans.reserve(count), bandRanges: bandRanges.reserve(count),
            chunkBandCounts: chunkBandCounts.reserve(chunks * bands), drawnPerChunk: drawnPerChunk.reserve(chunks),
            chunkBounds: chunkBounds.reserve(chunks * 4), bandStarts: bandStarts.reserve(bands + 1),
            rasterizer: rasterizer, count: count, bands: bands, rowsPerBand: rowsPerBand, background: background,
            cleared: stale ?? CanvasRegion(columns: 0..<rasterizer.width, rows: 0..<rasterizer.height))
        // SAFETY: every pointer of `round` holds the element counts reserved above. Chunk `c`
        // writes only the spans, band ranges and drawn count of its own rectangles and the
        // counts row `c`; band `b` writes only the pixels of its own rows. The executor returns
        // after every job finished, and the memory outlives the round.
        let shared = UncheckedSendable(round)
        unsafe round.chunkBandCounts.initialize(repeating: 0, count: chunks * bands)
        ParallelExecutor.run(jobs: chunks, threads: threads) { chunk in
            Self.prepare(chunk: chunk, of: shared.value)
        }
        let total = Self.placeBands(of: round, chunks: chunks)
        let listed = unsafe UncheckedSendable(self.listed.reserve(total))
        ParallelExecutor.run(jobs: chunks, threads: threads) { chunk in
            unsafe Self.bin(chunk: chunk, of: shared.value, into: listed.value)
        }
        // The busiest bands go first, so on several threads the last jobs are short and the
        // threads finish together (particles often crowd a few bands). The order changes no
        // pixel: bands do not overlap.
        let order = unsafe bandOrder.reserve(bands)
        unsafe Self.orderBands(of: round, into: order, busiestFirst: threads > 1)
        let sharedOrder = unsafe UncheckedSendable(order)
        ParallelExecutor.run(jobs: bands, threads: threads) { job in
            unsafe Self.fill(band: sharedOrder.value[job], of: shared.value, listed: listed.value)
        }
        let drawn = (0..<chunks).reduce(0) { unsafe $0 + round.drawnPerChunk[$1] }
        return (drawn, Self.bounds(of: round, chunks: chunks))
    }

    /// The region holding every chunk's bounds.
    private static func bounds(of round: Round, chunks: Int) -> CanvasRegion {
        var bounds = CanvasRegion.empty
        for chunk in 0..<chunks {
            // SAFETY: the chunk's four bounds lie inside the `chunks * 4` reserved for them.
            let chunkBounds = unsafe round.chunkBounds + chunk * 4
            let (minX, minY) = unsafe (Int(chunkBounds[0]), Int(chunkBounds[1]))
            let (endX, endY) = unsafe (Int(chunkBounds[2]), Int(chunkBounds[3]))
            bounds = bounds.union(CanvasRegion(columns: minX..<max(minX, endX), rows: minY..<max(minY, endY)))
        }
        return bounds
    }

    /// Pass 1: validates and prepares the rectangles of `chunk` and counts them per band.
    private static func prepare(chunk: Int, of round: Round) {
        let rects = round.rects(ofChunk: chunk)
        // SAFETY: the chunk's rectangles lie inside the round's columns, spans and band ranges;
        // its counts row lies inside the `chunks * bands` counts and its bounds inside the
        // `chunks * 4` bounds.
        let bounds = unsafe round.chunkBounds + chunk * 4
        let (width, height) = (round.rasterizer.width, round.rasterizer.height)
        // Empty bounds, which the kernel widens.
        unsafe bounds[0] = Int32(width)
        unsafe bounds[1] = Int32(height)
        unsafe bounds[2] = 0
        unsafe bounds[3] = 0
        unsafe round.drawnPerChunk[chunk] = rect_batch_prepare(
            round.rasterizer.kernels.kernelISA, round.columns, rects.lowerBound, rects.count, width, height,
            round.rowsPerBand, round.spans, round.bandRanges, round.chunkBandCounts + chunk * round.bands, bounds)
    }

    /// Between passes 1 and 2: turns the per-chunk counts into each chunk's first position in
    /// every band, band after band and chunk after chunk, fills ``bandStarts`` and returns the
    /// number of entries.
    private static func placeBands(of round: Round, chunks: Int) -> Int {
        var position = 0
        for band in 0..<round.bands {
            // SAFETY: `band < bands` and `chunk < chunks`, inside the memory reserved for them.
            unsafe round.bandStarts[band] = position
            for chunk in 0..<chunks {
                let slot = unsafe round.chunkBandCounts + chunk * round.bands + band
                let count = unsafe slot.pointee
                unsafe slot.pointee = position
                position += count
            }
        }
        unsafe round.bandStarts[round.bands] = position
        return position
    }

    /// Writes the round's bands to `order`: top to bottom, or with `busiestFirst` by falling
    /// entry count (a stable insertion sort: a few dozen bands, no allocation).
    private static func orderBands(of round: Round, into order: UnsafeMutablePointer<Int>, busiestFirst: Bool) {
        func entries(_ band: Int) -> Int { unsafe round.bandStarts[band + 1] - round.bandStarts[band] }
        // SAFETY: `order` holds `bands` slots; every index used is below `bands`.
        for band in 0..<round.bands {
            var slot = band
            while busiestFirst, slot > 0, unsafe entries(order[slot - 1]) < entries(band) {
                unsafe order[slot] = order[slot - 1]
                slot -= 1
            }
            unsafe order[slot] = band
        }
    }

    /// Pass 2: lists the rectangles of `chunk` under every band they meet.
    private static func bin(chunk: Int, of round: Round, into listed: UnsafeMutablePointer<UInt32>) {
        // SAFETY: the chunk's positions row lies inside the counts; every position taken is one
        // of the slots `placeBands` gave this chunk in that band, all below the entry count.
        let positions = unsafe round.chunkBandCounts + chunk * round.bands
        for index in round.rects(ofChunk: chunk) {
            let bandRange = unsafe round.bandRanges[index]
            var band = Int(bandRange & 0xFFFF)
            let endBand = Int(bandRange >> 16)
            while band < endBand {
                unsafe listed[positions[band]] = UInt32(truncatingIfNeeded: index)
                unsafe positions[band] += 1
                band += 1
            }
        }
    }

    /// Pass 3: clears the rows of band `band` if asked, then fills them with its rectangles, in
    /// batch order.
    private static func fill(band: Int, of round: Round, listed: UnsafeMutablePointer<UInt32>) {
        let top = band * round.rowsPerBand
        let rows = top..<min(top + round.rowsPerBand, round.rasterizer.height)
        if let background = round.background {
            round.rasterizer.set(round.cleared, rows: rows, to: background)
        }
        // SAFETY: the band's entries lie between its start and the next band's start, and every
        // entry is the index of a rectangle whose spans pass 1 wrote.
        let start = unsafe round.bandStarts[band]
        unsafe round.rasterizer.fill(
            round.spans, order: listed + start, count: round.bandStarts[band + 1] - start, rows: rows)
    }
}
