import Platform

extension PNGCodec {
    /// Reads and decodes the PNG file at `path`.
    ///
    /// - Throws: ``RenderErrorCode/resourceNotFound`` when the file is missing,
    ///   ``RenderErrorCode/resourceUnreadable`` when it is not a regular file or cannot be read,
    ///   the codes of ``decode(_:)`` when its contents are not a valid PNG.
    public static func read(contentsOf path: String) throws(RenderError) -> RGBA8Image {
        let bytes: [UInt8]
        do {
            bytes = try FileAccess.readFile(at: path)
        } catch {
            throw RenderError(error)
        }
        do {
            return try decode(bytes)
        } catch {
            throw RenderError(error.code, "\(path): \(error.detail)")
        }
    }

    /// Encodes `image` and writes it to `path` atomically: the data goes to a temporary file
    /// that then replaces `path`, so a failure never leaves a partial file behind.
    ///
    /// - Throws: ``RenderErrorCode/renderFailed`` when encoding fails,
    ///   ``RenderErrorCode/resourceUnwritable`` when the file cannot be written (missing
    ///   directory, a directory at `path`, no permission, full disk).
    public static func write(_ image: RGBA8Image, to path: String) throws(RenderError) {
        let bytes = try encode(image)
        do {
            try FileAccess.writeFile(bytes, to: path)
        } catch {
            throw RenderError(error)
        }
    }

    /// Encodes the canvas's pixels (straight alpha) and writes them to `path` atomically.
    ///
    /// - Throws: the errors of ``write(_:to:)-(RGBA8Image,_)``.
    public static func write(_ canvas: RGBA8Canvas, to path: String) throws(RenderError) {
        try write(canvas.image(), to: path)
    }
}
