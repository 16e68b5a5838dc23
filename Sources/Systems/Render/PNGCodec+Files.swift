import Foundation

extension PNGCodec {
    /// Reads and decodes the PNG file at `path`.
    ///
    /// - Throws: ``RenderErrorCode/resourceNotFound`` when the file is missing or unreadable or
    ///   its contents are not a valid PNG, ``RenderErrorCode/outOfMemory`` when the image exceeds
    ///   the caps of ``RenderLimits``.
    public static func read(contentsOf path: String) throws(RenderError) -> RGBA8Image {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            let reason = FileManager.default.fileExists(atPath: path)
                ? "cannot read \(path): \(error.localizedDescription)"
                : "no file at \(path)"
            throw RenderError(.resourceNotFound, reason)
        }
        do {
            return try decode([UInt8](data))
        } catch {
            throw RenderError(error.code, "\(path): \(error.detail)")
        }
    }

    /// Encodes `image` and writes it to `path` atomically: the data goes to a temporary file
    /// that then replaces `path`, so a failure never leaves a partial file behind.
    ///
    /// - Throws: ``RenderErrorCode/renderFailed`` when encoding fails or the file cannot be
    ///   written (missing directory, no permission, full disk).
    public static func write(_ image: RGBA8Image, to path: String) throws(RenderError) {
        let bytes = try encode(image)
        do {
            try Data(bytes).write(to: URL(fileURLWithPath: path), options: .atomic)
        } catch {
            throw RenderError(.renderFailed, "cannot write \(path): \(error.localizedDescription)")
        }
    }

    /// Encodes the canvas's pixels (straight alpha) and writes them to `path` atomically.
    ///
    /// - Throws: ``RenderErrorCode/renderFailed`` when encoding fails or the file cannot be
    ///   written.
    public static func write(_ canvas: RGBA8Canvas, to path: String) throws(RenderError) {
        try write(canvas.image(), to: path)
    }
}
