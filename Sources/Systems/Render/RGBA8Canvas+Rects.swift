import Foundation

extension RGBA8Canvas {
    /// Blends an axis-aligned rectangle with its top-left corner at `(x, y)` over the canvas.
    ///
    /// - Returns: `true` when the rectangle was valid and drawn, `false` when it was skipped.
    @discardableResult
    public mutating func fillRect(
        x: Float, y: Float, width: Float, height: Float, color: RGBAColor, opacity: Float = 1
    ) -> Bool {
        let valid = RenderLimits.isDrawable(x) && RenderLimits.isDrawable(y)
            && Self.isDrawableSize(SIMD2(width, height)) && color.isFinite && opacity.isFinite
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
        return withUnsafePointer(to: rect) { drawRects(UnsafeBufferPointer(start: $0, count: 1)) } == 1
    }

    /// Blends a batch of rotated rectangles over the canvas, in order.
    ///
    /// - Returns: The number of rectangles drawn; invalid ones are skipped.
    @discardableResult
    public mutating func drawRects(_ rects: UnsafeBufferPointer<RotatedRect>) -> Int {
        let drawn = withRasterizer { rasterizer in
            var drawn = 0
            for rect in rects where Self.draw(
                center: rect.center, size: rect.size, rotation: rect.rotation,
                color: rect.color, opacity: rect.opacity, with: rasterizer
            ) {
                drawn += 1
            }
            return drawn
        }
        report(drawn: drawn, skipped: rects.count - drawn, of: "rectangles")
        return drawn
    }

    /// Blends a batch of rotated rectangles over the canvas, in order.
    ///
    /// - Returns: The number of rectangles drawn; invalid ones are skipped.
    @discardableResult
    public mutating func drawRects(_ rects: [RotatedRect]) -> Int {
        rects.withUnsafeBufferPointer { drawRects($0) }
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
        let drawn = withRasterizer { rasterizer in
            var drawn = 0
            for index in 0..<count where Self.draw(
                center: centers[index], size: sizes[index], rotation: rotations[index],
                color: colors[index], opacity: opacities[index], with: rasterizer
            ) {
                drawn += 1
            }
            return drawn
        }
        report(drawn: drawn, skipped: count - drawn, of: "rectangles")
        return drawn
    }

    /// Whether both sides are finite, non-negative and within ``RenderLimits/maxCoordinate``.
    static func isDrawableSize(_ size: SIMD2<Float>) -> Bool {
        size.x >= 0 && size.y >= 0 && RenderLimits.isDrawable(size.x) && RenderLimits.isDrawable(size.y)
    }

    /// Draws one rotated rectangle after validating it; returns whether it was valid.
    @inline(__always)
    private static func draw(
        center: SIMD2<Float>, size: SIMD2<Float>, rotation: Float, color: RGBAColor, opacity: Float,
        with rasterizer: SpanRasterizer
    ) -> Bool {
        guard RenderLimits.isDrawable(center.x), RenderLimits.isDrawable(center.y),
              isDrawableSize(size), rotation.isFinite, color.isFinite, opacity.isFinite
        else { return false }
        if let source = PixelSource(color: color, opacity: opacity) {
            rasterizer.fillRotatedRect(
                center: center, halfSize: size * 0.5, cos: cos(rotation), sin: sin(rotation), source
            )
        }
        return true
    }
}
