import SIMDKernels

/// Fills shapes into a borrowed pixel buffer, one horizontal span per row, following the
/// pixel centres rule described on ``RGBA8Canvas``: on each row the span runs from the first
/// pixel whose centre is at or after the left edge to the last one before the right edge.
/// Edges are stepped from row to row in 16.16 fixed point. Rotated rectangles are reduced to
/// `RectSpans` and filled by the C kernels (`rect_spans`,
/// `rect_batch_fill`), which follow the same rules; axis-aligned ones are filled here.
///
/// The rasteriser does not own the buffer: it is valid only inside the closure that lent it
/// (``RGBA8Canvas/withRasterizer(_:)``, the only place one is made). Every span is clamped to
/// the buffer before a pixel is touched, so no geometry writes outside it; the clamping is
/// checked again with `assert` in debug builds. Callers pass finite geometry within
/// ``RenderLimits/maxCoordinate``, which keeps every intermediate value finite.
@safe
struct SpanRasterizer {
    /// The first pixel of the top row.
    private let base: UnsafeMutablePointer<UInt32>
    /// The number of pixels per row.
    let width: Int
    /// The number of rows.
    let height: Int
    /// The instruction set the fill and preparation kernels run on.
    let kernels: KernelInstructionSet

    /// Borrows `buffer`, which holds `width * height` pixels row by row, for kernels on `kernels`.
    init(_ buffer: UnsafeMutableBufferPointer<UInt32>, width: Int, height: Int, kernels: KernelInstructionSet) {
        // Cannot fire: the canvas validates its size on creation and its storage always holds
        // `width * height` pixels. Kept as a release check because every write below relies on
        // it, and it runs once per batch, not per pixel.
        precondition(buffer.count == width * height && width > 0 && height > 0)
        // SAFETY: a non-empty buffer always has a base address, so the unwrap cannot fail; the
        // pointer is used only while the lending closure runs.
        unsafe base = buffer.baseAddress!
        self.width = width
        self.height = height
        self.kernels = kernels
    }

    /// `value` in 16.16 fixed point, clamped to +-2^36 pixels so that stepping it across
    /// every row of a canvas stays far from overflow.
    @inline(__always)
    private static func fixed(_ value: Float) -> Int64 {
        let limit: Float = 68_719_476_736
        let clamped = value > -limit ? (value < limit ? value : limit) : -limit
        return Int64(clamped * 65_536)
    }

    /// The fixed-point value whose floor is the index of the first pixel whose centre is at or
    /// after `edge`: `ceil(edge - 0.5)` is `floor(edge - 0.5 + (1 - 2^-16))` in 16.16 fixed point.
    @inline(__always)
    private static func centreBiased(_ edge: Float) -> Int64 {
        fixed(edge) &+ (65_535 &- 32_768)
    }

    /// The floor of a biased fixed-point edge, clamped to `0...limit`.
    @inline(__always)
    private static func index(_ biased: Int64, limit: Int) -> Int {
        min(max(Int(truncatingIfNeeded: biased >> 16), 0), limit)
    }

    /// Blends `source` over pixels `x0..<x1` of `row`, which must lie inside the row.
    ///
    /// Spans of four pixels or more go four pixels at a time, and the last block ends exactly
    /// at `x1`, overlapping the one before it, so no loop finishes pixel by pixel. The last
    /// block is read before anything is stored, so an overlapped pixel is written twice with
    /// the same blended value, never blended twice.
    @inline(__always)
    private func fillSpan(row: UnsafeMutablePointer<UInt32>, from x0: Int, to x1: Int, _ source: PixelSource) {
        assert(0 <= x0 && x0 < x1 && x1 <= width, "span \(x0)..<\(x1) outside a row of \(width) pixels")
        unsafe assertRow(row)
        let count = x1 &- x0
        // SAFETY: `row` is the start of a row of the buffer and `x0..<x1` lies inside it (both
        // asserted above, guaranteed by the clamping in `index(_:limit:)`); every block below
        // covers four pixels at offsets `0...lastOffset`, which end exactly at `x1`.
        guard count >= 4 else {
            unsafe fillShortSpan(row: row, from: x0, to: x1, source)
            return
        }
        let raw = unsafe UnsafeMutableRawPointer(row + x0)
        let blockSize = MemoryLayout<SIMD4<UInt32>>.size
        let lastOffset = (count &- 4) &* MemoryLayout<UInt32>.stride
        var offset = 0
        if source.isOpaque {
            while offset < lastOffset {
                unsafe raw.storeBytes(of: source.block, toByteOffset: offset, as: SIMD4<UInt32>.self)
                offset &+= blockSize
            }
            unsafe raw.storeBytes(of: source.block, toByteOffset: lastOffset, as: SIMD4<UInt32>.self)
        } else {
            let last = unsafe raw.loadUnaligned(fromByteOffset: lastOffset, as: SIMD4<UInt32>.self)
            while offset < lastOffset {
                let pixels = unsafe raw.loadUnaligned(fromByteOffset: offset, as: SIMD4<UInt32>.self)
                unsafe raw.storeBytes(of: source.over(pixels), toByteOffset: offset, as: SIMD4<UInt32>.self)
                offset &+= blockSize
            }
            unsafe raw.storeBytes(of: source.over(last), toByteOffset: lastOffset, as: SIMD4<UInt32>.self)
        }
    }

    /// Blends `source` over the one to three pixels `x0..<x1` of `row`.
    ///
    /// On rows of four pixels or more this takes one four-pixel block inside the row that
    /// contains the span (ending at `x1`, or starting at 0 when `x1 < 4`); the block's other
    /// lanes are stored back unchanged.
    @inline(__always)
    private func fillShortSpan(row: UnsafeMutablePointer<UInt32>, from x0: Int, to x1: Int, _ source: PixelSource) {
        assert(0 <= x0 && x0 < x1 && x1 <= width && x1 &- x0 < 4, "short span \(x0)..<\(x1) in a row of \(width) pixels")
        guard width >= 4 else {
            // SAFETY: `x0..<x1` lies inside the row (asserted above).
            for x in x0..<x1 {
                unsafe row[x] = source.over(row[x])
            }
            return
        }
        let blockStart = max(x1 &- 4, 0)
        // SAFETY: the row holds at least four pixels, so the block `blockStart..<blockStart + 4`
        // (ending at `x1 <= width`, or starting at 0) lies inside it.
        let raw = unsafe UnsafeMutableRawPointer(row + blockStart)
        let pixels = unsafe raw.loadUnaligned(as: SIMD4<UInt32>.self)
        let lanes = SIMD4<Int32>(0, 1, 2, 3) &+ Int32(truncatingIfNeeded: blockStart)
        let inside = (lanes .>= Int32(truncatingIfNeeded: x0)) .& (lanes .< Int32(truncatingIfNeeded: x1))
        unsafe raw.storeBytes(
            of: pixels.replacing(with: source.over(pixels), where: inside), as: SIMD4<UInt32>.self
        )
    }

    /// Checks, in debug builds, that `row` is the first pixel of one of the buffer's rows.
    @inline(__always)
    private func assertRow(_ row: UnsafeMutablePointer<UInt32>) {
        let offset = unsafe base.distance(to: row)
        assert(offset >= 0 && offset % width == 0 && offset / width < height, "pixel offset \(offset) is not a row start")
    }

    /// Fills the axis-aligned rectangle `[minX, maxX) x [minY, maxY)`.
    func fillRect(minX: Float, minY: Float, maxX: Float, maxY: Float, _ source: PixelSource) {
        let x0 = Self.index(Self.centreBiased(minX), limit: width)
        let x1 = Self.index(Self.centreBiased(maxX), limit: width)
        let y0 = Self.index(Self.centreBiased(minY), limit: height)
        let y1 = Self.index(Self.centreBiased(maxY), limit: height)
        guard x0 < x1, y0 < y1 else { return }
        // SAFETY: `x0..<x1` and `y0..<y1` are clamped to the canvas; `row` starts at row `y0` and
        // steps one row per iteration, so it is a row start for every row filled.
        var row = unsafe base + y0 &* width
        for _ in y0..<y1 {
            unsafe fillSpan(row: row, from: x0, to: x1, source)
            unsafe row += width
        }
    }

    /// Fills a rectangle of half-size `halfSize` centred on `center`, whose local x axis points
    /// along `(cos, sin)` in canvas coordinates; `cos * cos + sin * sin` must be close to 1.
    func fillRotatedRect(
        center: SIMD2<Float>, halfSize: SIMD2<Float>, cos: Float, sin: Float, _ source: PixelSource
    ) {
        var spans = RectSpans()
        guard unsafe rect_spans(
            center.x, center.y, halfSize.x, halfSize.y, cos, sin, source.pixel, source.inverseAlpha, width, height,
            &spans) != 0
        else { return }
        unsafe fill(&spans, order: nil, count: 1, rows: 0..<height)
    }

    /// Sets every pixel of the rows in `rows`, a range of the canvas's rows, to `pixel`.
    func set(rows: Range<Int>, to pixel: UInt32) {
        precondition(rows.lowerBound >= 0 && rows.upperBound <= height, "rows \(rows) outside \(height) rows")
        // SAFETY: the rows lie inside the buffer (checked above).
        unsafe pixels_set(base + rows.lowerBound * width, rows.count * width, pixel)
    }

    /// Sets the pixels of `region` in the rows in `rows` (both inside the canvas) to `pixel`.
    func set(_ region: CanvasRegion, rows: Range<Int>, to pixel: UInt32) {
        let rows = rows.clamped(to: region.rows)
        guard !region.columns.isEmpty, !rows.isEmpty else { return }
        if region.columns.count == width { return set(rows: rows, to: pixel) }
        precondition(
            rows.lowerBound >= 0 && rows.upperBound <= height && region.columns.lowerBound >= 0
                && region.columns.upperBound <= width, "\(region) outside \(width) x \(height) pixels")
        // SAFETY: every row and column lies inside the buffer (checked above).
        for row in rows {
            unsafe pixels_set(base + row * width + region.columns.lowerBound, region.columns.count, pixel)
        }
    }

    /// Fills the rows in `rows`, a range of the canvas's rows, of `count` rectangles in order:
    /// `rects[order[k]]`, or `rects[k]` without an order. Pixels outside `rows` are neither read
    /// nor written, so disjoint ranges may be filled at the same time, and filling a rectangle
    /// band by band gives the same pixels as filling it at once.
    func fill(
        _ rects: UnsafePointer<RectSpans>, order: UnsafePointer<UInt32>?, count: Int, rows: Range<Int>
    ) {
        precondition(rows.lowerBound >= 0 && rows.upperBound <= height, "rows \(rows) outside \(height) rows")
        // SAFETY: the kernel writes only rows `rows` of the buffer (checked above) and, on each,
        // only pixels `0..<width`, clamped from the spans; `rects` and `order` hold `count`
        // entries (the caller's contract).
        unsafe rect_batch_fill(
            kernels.kernelISA, base, width, rows.lowerBound, rows.upperBound, rects, order, count)
    }
}
