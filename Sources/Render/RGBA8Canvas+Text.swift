extension RGBA8Canvas {
    /// Blends one line of `text` over the canvas in `font` at `size` pixels: each glyph's
    /// anti-aliased coverage scales `color`'s alpha, blended source-over.
    ///
    /// `origin.y` is the top of the text's box and `origin.x` its left edge, centre or right
    /// edge as `alignment` says; the box is the one ``FontFace/measure(_:size:)`` returns, and
    /// no pixel outside it changes. The origin is rounded to whole pixels so glyphs stay crisp.
    /// Control characters such as line breaks are not interpreted.
    ///
    /// - Returns: The box the text occupies.
    /// - Throws: ``RenderErrorCode/invalidArgument`` when `origin` or `color` is not finite or
    ///   `origin` is beyond ``RenderLimits/maxCoordinate``, or `size` is not in
    ///   `1...FontFace.maxSize`; ``RenderErrorCode/renderFailed`` when FreeType cannot rasterise
    ///   a glyph. Nothing is drawn then, and the error is recorded in ``diagnostics``.
    @discardableResult
    public mutating func drawText(
        _ text: String, at origin: SIMD2<Float>, size: Int, color: RGBAColor, font: FontFace,
        alignment: TextAlignment = .left
    ) throws(RenderError) -> TextMetrics {
        let layout: (metrics: TextMetrics, glyphs: [(bitmap: GlyphBitmap, pen: Int)])
        do throws(RenderError) {
            guard RenderLimits.isDrawable(origin.x), RenderLimits.isDrawable(origin.y), color.isFinite else {
                throw RenderError(
                    .invalidArgument, "text at (\(origin.x), \(origin.y)) in colour \(color) is not finite or out of range")
            }
            layout = try font.layout(text, size: size)
        } catch {
            diagnostics?.record(error)
            throw error
        }
        let metrics = layout.metrics
        let shift = switch alignment {
        case .left: 0
        case .center: metrics.width / 2
        case .right: metrics.width
        }
        let left = Int((origin.x).rounded()) - shift + metrics.penOffset
        let baseline = Int(origin.y.rounded()) + metrics.ascent
        for (bitmap, pen) in layout.glyphs {
            blend(bitmap, x: left + pen + bitmap.left, y: baseline - bitmap.top, color: color)
        }
        report(drawn: 1, skipped: 0, of: "texts")
        return metrics
    }

    /// Blends `color` over the pixels of `bitmap` placed with its top-left corner at `(x, y)`,
    /// each at its coverage; pixels off the canvas are clipped.
    private mutating func blend(_ bitmap: GlyphBitmap, x: Int, y: Int, color: RGBAColor) {
        let firstColumn = max(0, -x)
        let endColumn = min(bitmap.width, width - x)
        let firstRow = max(0, -y)
        let endRow = min(bitmap.rows, height - y)
        guard firstColumn < endColumn, firstRow < endRow else { return }
        let columns = firstColumn..<endColumn
        let rows = firstRow..<endRow
        var sources: [UInt8: PixelSource] = [:]
        for row in rows {
            for column in columns {
                let coverage = bitmap.coverage[row * bitmap.width + column]
                guard coverage > 0 else { continue }
                let source = sources[coverage] ?? PixelSource(color: color, opacity: Float(coverage) / 255)
                guard let source else { continue }
                sources[coverage] = source
                let index = (y + row) * width + x + column
                storage[index] = source.over(storage[index])
            }
        }
    }
}
