/// The caps that keep absurd sizes and coordinates from exhausting memory or overflowing.
public enum RenderLimits {
    /// The largest width or height of a canvas or image, in pixels.
    public static let maxDimension = 16_384

    /// The largest number of pixels of a canvas or image (256 MiB of RGBA8).
    public static let maxPixelCount = 1 << 26

    /// The largest magnitude of a shape coordinate or size, in pixels.
    ///
    /// Shapes beyond it are skipped like shapes with non-finite values; the bound keeps every
    /// intermediate value of the rasteriser finite.
    public static let maxCoordinate: Float = 10_000_000

    /// Checks a canvas or image size against the caps.
    ///
    /// - Throws: ``RenderErrorCode/invalidArgument`` when a side is not in
    ///   `1...maxDimension` or the pixel count exceeds ``maxPixelCount``.
    public static func validate(width: Int, height: Int) throws(RenderError) {
        guard (1...maxDimension).contains(width), (1...maxDimension).contains(height) else {
            throw RenderError(
                .invalidArgument,
                "image size \(width)x\(height) is outside 1...\(maxDimension) per side"
            )
        }
        guard width * height <= maxPixelCount else {
            throw RenderError(
                .invalidArgument,
                "image size \(width)x\(height) exceeds \(maxPixelCount) pixels"
            )
        }
    }

    /// Checks that a buffer of RGBA8 bytes holds exactly `width * height` pixels.
    ///
    /// - Throws: ``RenderErrorCode/invalidArgument`` when the size is invalid or the length
    ///   differs from `width * height * 4`.
    public static func validate(width: Int, height: Int, byteCount: Int) throws(RenderError) {
        try validate(width: width, height: height)
        guard byteCount == width * height * 4 else {
            throw RenderError(
                .invalidArgument,
                "pixel buffer holds \(byteCount) bytes, a \(width)x\(height) RGBA8 image needs \(width * height * 4)"
            )
        }
    }

    /// Whether a coordinate or size is finite and within ``maxCoordinate``.
    static func isDrawable(_ value: Float) -> Bool {
        value.magnitude <= maxCoordinate
    }
}
