extension RGBA8Canvas {
    /// Blends a straight line from `start` to `end` over the canvas.
    ///
    /// The line is a rectangle `width` pixels wide (at least 1) with square caps: it extends
    /// `width / 2` beyond each end point, so the segments of a polyline close their joints. A
    /// zero-length line is a `width` x `width` square.
    ///
    /// - Returns: `true` when the line was valid and drawn, `false` when it was skipped.
    @discardableResult
    public mutating func drawLine(
        from start: SIMD2<Float>, to end: SIMD2<Float>, width: Float, color: RGBAColor, opacity: Float = 1
    ) -> Bool {
        // SAFETY: the two-point scratch buffer is initialised before it is read and is used only
        // inside the closure; `SIMD2<Float>` is plain bits, so it needs no deinitialisation.
        unsafe withUnsafeTemporaryAllocation(of: SIMD2<Float>.self, capacity: 2) { points in
            unsafe points.initializeElement(at: 0, to: start)
            unsafe points.initializeElement(at: 1, to: end)
            return unsafe drawPolyline(UnsafeBufferPointer(points), width: width, color: color, opacity: opacity)
        } == 1
    }

    /// Blends the segments joining consecutive `points` over the canvas, each drawn as
    /// ``drawLine(from:to:width:color:opacity:)`` draws a line. Where segments overlap at a
    /// joint, a translucent colour is blended twice.
    ///
    /// - Returns: The number of segments drawn; a segment with an invalid end point is skipped,
    ///   and an invalid `width`, `color` or `opacity` skips every segment.
    @discardableResult
    public mutating func drawPolyline(
        _ points: UnsafeBufferPointer<SIMD2<Float>>, width: Float, color: RGBAColor, opacity: Float = 1
    ) -> Int {
        let segments = max(points.count - 1, 0)
        guard RenderLimits.isDrawable(width), color.isFinite, opacity.isFinite else {
            report(drawn: 0, skipped: segments, of: "line segments")
            return 0
        }
        let source = PixelSource(color: color, opacity: opacity)
        let halfWidth = max(width, 1) * 0.5
        let drawn = withRasterizer { rasterizer in
            var drawn = 0
            for index in 0..<segments {
                // SAFETY: `index + 1 <= segments == points.count - 1`, so both reads are inside
                // the caller's buffer, which is valid for the duration of the call.
                let start = unsafe points[index]
                let end = unsafe points[index + 1]
                guard RenderLimits.isDrawable(start.x), RenderLimits.isDrawable(start.y),
                      RenderLimits.isDrawable(end.x), RenderLimits.isDrawable(end.y)
                else { continue }
                drawn += 1
                guard let source else { continue }
                let delta = end - start
                let length = (delta * delta).sum().squareRoot()
                let direction = length > 0 ? delta / length : SIMD2(1, 0)
                rasterizer.fillRotatedRect(
                    center: (start + end) * 0.5,
                    halfSize: SIMD2(length * 0.5 + halfWidth, halfWidth),
                    cos: direction.x, sin: direction.y, source
                )
            }
            return drawn
        }
        report(drawn: drawn, skipped: segments - drawn, of: "line segments")
        return drawn
    }

    /// Blends the segments joining consecutive `points` over the canvas.
    ///
    /// - Returns: The number of segments drawn, as for the buffer form.
    @discardableResult
    public mutating func drawPolyline(
        _ points: [SIMD2<Float>], width: Float, color: RGBAColor, opacity: Float = 1
    ) -> Int {
        // SAFETY: the buffer is the array's own storage, used only inside the closure.
        unsafe points.withUnsafeBufferPointer { unsafe drawPolyline($0, width: width, color: color, opacity: opacity) }
    }
}
