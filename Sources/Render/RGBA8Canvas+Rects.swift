import SIMDKernels

extension RGBA8Canvas {
    /// Blends an axis-aligned rectangle with its top-left corner at `(x, y)` over the canvas.
    ///
    /// - Returns: `true` when the rectangle was valid and drawn, `false` when it was skipped.
    @discardableResult
    public mutating func fillRect(
        x: Float, y: Float, width: Float, height: Float, color: RGBAColor, opacity: Float = 1
    ) -> Bool {
        let valid = Self.isValid(position: SIMD2(x, y), size: SIMD2(width, height), color: color, opacity: opacity)
        report(drawn: valid ? 1 : 0, skipped: valid ? 0 : 1, of: "rectangles")
        guard valid, let source = PixelSource(color: color, opacity: opacity) else { return valid }
        withRasterizer { $0.fillRect(minX: x, minY: y, maxX: x + width, maxY: y + height, source) }
        return true
    }

    /// Blends one rectangle rotated by `rotation` radians about its centre over the canvas.
    ///
    /// - Returns: `true` when the rectangle was valid and drawn, `false` when it was skipped.
    @discardableResult
    public mutating func fillRotatedRect(
        center: SIMD2<Float>, size: SIMD2<Float>, rotation: Float, color: RGBAColor, opacity: Float = 1
    ) -> Bool {
        let rect = RotatedRect(center: center, size: size, rotation: rotation, color: color, opacity: opacity)
        // SAFETY: a one-element view of `rect`, used only inside the closure.
        return unsafe withUnsafePointer(to: rect) { unsafe drawRects(UnsafeBufferPointer(start: $0, count: 1)) } == 1
    }

    /// Blends a batch of rotated rectangles over the canvas, in order.
    ///
    /// - Returns: The number of rectangles drawn; invalid ones are skipped.
    @discardableResult
    public mutating func drawRects(_ rects: UnsafeBufferPointer<RotatedRect>) -> Int {
        // SAFETY: `drawBatch` reads only the `rects.count` rectangles of the caller's buffer,
        // which is valid for the duration of the call.
        unsafe drawBatch(count: rects.count, of: RectColumns(rects))
    }

    /// Blends a batch of rotated rectangles over the canvas, in order.
    ///
    /// - Returns: The number of rectangles drawn; invalid ones are skipped.
    @discardableResult
    public mutating func drawRects(_ rects: [RotatedRect]) -> Int {
        // SAFETY: the buffer is the array's own storage, used only inside the closure.
        unsafe rects.withUnsafeBufferPointer { unsafe drawRects($0) }
    }

    /// Blends a batch of rotated rectangles given as parallel columns, in order: rectangle `i`
    /// is `centers[i]`, `sizes[i]`, `rotations[i]`, `colors[i]` and `opacities[i]`.
    ///
    /// - Returns: The number of rectangles drawn; invalid ones are skipped.
    /// - Throws: ``RenderErrorCode/invalidArgument`` when the columns differ in length; nothing
    ///   is drawn then.
    @discardableResult
    public mutating func drawRects(
        centers: UnsafeBufferPointer<SIMD2<Float>>,
        sizes: UnsafeBufferPointer<SIMD2<Float>>,
        rotations: UnsafeBufferPointer<Float>,
        colors: UnsafeBufferPointer<RGBAColor>,
        opacities: UnsafeBufferPointer<Float>
    ) throws(RenderError) -> Int {
        let count = centers.count
        guard sizes.count == count, rotations.count == count, colors.count == count,
              opacities.count == count
        else {
            let error = RenderError(
                .invalidArgument,
                "rectangle columns differ in length: \(centers.count) centres, \(sizes.count) sizes, "
                    + "\(rotations.count) rotations, \(colors.count) colours, \(opacities.count) opacities"
            )
            diagnostics?.record(error)
            throw error
        }
        // SAFETY: every column holds `count` values (checked above) and `drawBatch` reads only
        // those, while the caller's buffers are valid for the call.
        return unsafe drawBatch(
            count: count,
            of: RectColumns(
                centers: centers, sizes: sizes, rotations: rotations, colors: colors, opacities: opacities))
    }

    /// Whether a shape's position and size are finite and within ``RenderLimits/maxCoordinate``,
    /// its size is not negative, and its colour and opacity are finite.
    @inline(__always)
    private static func isValid(position: SIMD2<Float>, size: SIMD2<Float>, color: RGBAColor, opacity: Float) -> Bool {
        RenderLimits.isDrawable(position.x) && RenderLimits.isDrawable(position.y)
            && size.x >= 0 && size.y >= 0 && RenderLimits.isDrawable(size.x) && RenderLimits.isDrawable(size.y)
            && color.isFinite && opacity.isFinite
    }

    /// Draws the `count` rectangles of `columns` in order on up to `threads` threads (at least
    /// 1) in bands of `rowsPerBand` rows (see ``BandedRectBatch``; the pixels do not depend on
    /// either), reports them to ``diagnostics`` and returns how many were valid. The columns
    /// must hold `count` rectangles while the call runs.
    ///
    /// With a `background` colour, the canvas is first cleared to it (as ``clear(_:)`` does),
    /// band by band on the same threads; only ``clearedBackground``'s region when the canvas
    /// holds that colour elsewhere.
    package mutating func drawBatch(
        count: Int, of columns: RectColumns, threads: Int = 1,
        rowsPerBand: Int = BandedRectBatch.defaultRowsPerBand, clearingTo background: RGBAColor? = nil
    ) -> Int {
        if batch == nil || !isKnownUniquelyReferenced(&batch) {
            batch = BandedRectBatch()
        }
        let batch = batch!
        let pixel = background.map(Self.packed)
        // Clearing to the pixel the canvas was cleared to, only what was drawn since differs.
        let stale = clearedBackground?.pixel == pixel ? clearedBackground?.drawn : nil
        let (drawn, bounds) = withRasterizer { rasterizer in
            unsafe batch.draw(
                count: count, of: columns, with: rasterizer, threads: threads, rowsPerBand: rowsPerBand,
                clearingTo: pixel, stale: stale)
        }
        // Set after the draw, whose change to the pixels forgot the previous one.
        if let pixel { clearedBackground = (pixel, bounds) }
        report(drawn: drawn, skipped: count - drawn, of: "rectangles")
        return drawn
    }
}
