/// An immutable image of straight-alpha (not premultiplied) RGBA8 pixels, row by row from the
/// top-left corner: the form PNG files and the snapshot comparator use.
public struct RGBA8Image: Hashable, Sendable {
    /// The width in pixels.
    public let width: Int
    /// The height in pixels.
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A for each pixel.
    public let pixels: [UInt8]

    /// Creates an image after checking the size and the buffer length.
    ///
    /// - Throws: ``RenderErrorCode/invalidArgument`` when the size is outside the caps of
    ///   ``RenderLimits`` or `pixels.count != width * height * 4`.
    public init(width: Int, height: Int, pixels: [UInt8]) throws(RenderError) {
        try RenderLimits.validate(width: width, height: height, byteCount: pixels.count)
        self.init(validatedWidth: width, height: height, pixels: pixels)
    }

    /// Creates an image whose size and buffer length the caller has already checked.
    package init(validatedWidth width: Int, height: Int, pixels: [UInt8]) {
        // Cannot fire: every caller sizes `pixels` from `width` and `height` itself (a canvas's
        // storage, a decoded image after `RenderLimits.validate`, a difference image).
        assert(pixels.count == width * height * 4)
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// The RGBA bytes of the pixel at column `x`, row `y`, or `nil` outside the image.
    public func pixel(x: Int, y: Int) -> SIMD4<UInt8>? {
        guard (0..<width).contains(x), (0..<height).contains(y) else { return nil }
        let offset = (y * width + x) * 4
        return SIMD4(pixels[offset], pixels[offset + 1], pixels[offset + 2], pixels[offset + 3])
    }
}
