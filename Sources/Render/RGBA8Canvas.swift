/// A width x height raster of 8-bit RGBA pixels that shapes are drawn into.
///
/// Pixels are stored premultiplied by alpha, row by row from the top-left corner, so
/// source-over blending is one multiply-add per channel. ``image()`` converts to straight
/// alpha (the PNG convention); for an opaque canvas both forms are identical.
///
/// Coordinates are in pixels with `(0, 0)` at the top-left corner of the canvas and y pointing
/// down. Pixel centres rule: pixel `(x, y)` covers `[x, x + 1) x [y, y + 1)` and is filled when
/// its centre `(x + 0.5, y + 0.5)` lies inside the shape, with left and top edges included and
/// right and bottom edges excluded. Shapes sharing an edge therefore never fill the same pixel
/// twice, and a rectangle with integer corners fills exactly the pixels it covers. Edges are
/// resolved to 1/65 536 of a pixel; there is no anti-aliasing.
///
/// Drawing never throws: a shape with a non-finite value, a negative size or a value beyond
/// ``RenderLimits/maxCoordinate`` is skipped, is not counted as a draw, and is recorded as
/// the last error of ``diagnostics``.
public struct RGBA8Canvas: Sendable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// Premultiplied packed pixels, row by row. Any change forgets ``clearedBackground``.
    var storage: [UInt32] { didSet { clearedBackground = nil } }

    /// The pixel the canvas was last cleared to by ``clear(_:)`` or a batch draw, and the region
    /// the draw may have changed, while no other change has been made: every pixel outside the
    /// region is that pixel. A batch draw clearing to the same pixel then clears only the region.
    var clearedBackground: (pixel: UInt32, drawn: CanvasRegion)?

    /// The instruction set the batch draws' kernels run on (the same pixels on every set).
    public var kernels: KernelInstructionSet

    /// Where draw counts and skipped shapes are reported, if anywhere.
    ///
    /// Copies of a canvas share the same diagnostics object.
    public var diagnostics: RenderDiagnostics?

    /// The working memory of batch draws, kept for the next batch; a copy of the canvas that
    /// draws while it is shared makes its own.
    var batch: BandedRectBatch?

    /// Creates a canvas filled with `background`, whose batch draws run on `kernels`.
    ///
    /// - Throws: ``RenderErrorCode/invalidArgument`` when a side is not in
    ///   `1...RenderLimits.maxDimension` or the area exceeds ``RenderLimits/maxPixelCount``.
    public init(
        width: Int, height: Int, background: RGBAColor = .clear, diagnostics: RenderDiagnostics? = nil,
        kernels: KernelInstructionSet = .best
    ) throws(RenderError) {
        try RenderLimits.validate(width: width, height: height)
        self.width = width
        self.height = height
        self.diagnostics = diagnostics
        self.kernels = kernels
        storage = Array(repeating: Self.packed(background), count: width * height)
        clearedBackground = (Self.packed(background), .empty)
    }

    /// Creates a canvas holding the pixels of `image`, whose batch draws run on `kernels`.
    public init(image: RGBA8Image, diagnostics: RenderDiagnostics? = nil, kernels: KernelInstructionSet = .best) {
        width = image.width
        height = image.height
        self.diagnostics = diagnostics
        self.kernels = kernels
        // SAFETY: an image holds `width * height * 4` bytes, so every offset read is inside the
        // buffer, which is the array's own storage, used only inside the closure.
        storage = unsafe image.pixels.withUnsafeBufferPointer { bytes in
            (0..<image.width * image.height).map { index in
                let offset = index * 4
                return unsafe PixelPacking.premultiplied(
                    bytes[offset], bytes[offset + 1], bytes[offset + 2], bytes[offset + 3]
                )
            }
        }
    }

    /// Replaces every pixel with `color` (no blending); a non-finite colour clears to
    /// transparent black.
    public mutating func clear(_ color: RGBAColor) {
        let pixel = Self.packed(color)
        // SAFETY: the buffer is the array's own storage, used only inside the closure.
        unsafe storage.withUnsafeMutableBufferPointer { unsafe $0.update(repeating: pixel) }
        clearedBackground = (pixel, .empty)
    }

    /// The premultiplied RGBA bytes of the pixel at column `x`, row `y`, or `nil` outside the
    /// canvas.
    public func premultipliedPixel(x: Int, y: Int) -> SIMD4<UInt8>? {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return nil }
        return SIMD4(truncatingIfNeeded: PixelPacking.channels(storage[y * width + x]))
    }

    /// The straight-alpha RGBA bytes of the pixel at column `x`, row `y`, or `nil` outside the
    /// canvas.
    public func pixel(x: Int, y: Int) -> SIMD4<UInt8>? {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return nil }
        return PixelPacking.straight(storage[y * width + x])
    }

    /// The canvas as a straight-alpha RGBA8 image, ready for PNG encoding or comparison.
    public func image() -> RGBA8Image {
        var bytes = [UInt8](repeating: 0, count: storage.count * 4)
        // SAFETY: `bytes` holds four bytes per stored pixel, so every index written is inside the
        // buffer, which is the array's own storage, used only inside the closure.
        unsafe bytes.withUnsafeMutableBufferPointer { output in
            for (index, pixel) in storage.enumerated() {
                let channels = PixelPacking.straight(pixel)
                for channel in 0..<4 {
                    unsafe output[index * 4 + channel] = channels[channel]
                }
            }
        }
        return RGBA8Image(validatedWidth: width, height: height, pixels: bytes)
    }

    /// Counts one finished frame in ``diagnostics``.
    public func endFrame() {
        diagnostics?.recordFrame()
    }

    /// Lends the pixels to a rasteriser for one batch of shapes.
    mutating func withRasterizer<Result>(_ body: (SpanRasterizer) -> Result) -> Result {
        let (width, height, kernels) = (width, height, kernels)
        // SAFETY: the storage holds `width * height` pixels (the canvas invariant the rasteriser
        // checks); the rasteriser borrows it only while `body` runs, and `body` is not escaping.
        return unsafe storage.withUnsafeMutableBufferPointer { buffer in
            unsafe body(SpanRasterizer(buffer, width: width, height: height, kernels: kernels))
        }
    }

    /// Reports a batch to ``diagnostics``: `drawn` shapes drawn and `skipped` shapes rejected.
    func report(drawn: Int, skipped: Int, of kind: String) {
        guard let diagnostics else { return }
        diagnostics.recordDraws(drawn)
        if skipped > 0 {
            diagnostics.record(RenderError(
                .invalidArgument,
                "skipped \(skipped) of \(drawn + skipped) \(kind) with non-finite, negative or out-of-range values"
            ))
        }
    }

    /// The packed premultiplied form of `color`; a non-finite or invisible colour packs to 0.
    static func packed(_ color: RGBAColor) -> UInt32 {
        guard color.isFinite, let source = PixelSource(color: color, opacity: 1) else { return 0 }
        return source.pixel
    }
}
