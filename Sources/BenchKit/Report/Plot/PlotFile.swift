import Render

/// Draws a plot and writes it as a PNG file, each failure reported as the `BenchError` that
/// names it in one line: drawing or writing.
enum PlotFile {
    /// Draws the canvas with `draw` and writes it to `path` atomically. Throws
    /// `BenchError.toolFailed` when drawing or encoding fails and `BenchError.file` with the
    /// cause (no permission, a directory in the way, a full disk) when writing does.
    static func write(to path: String, _ draw: () throws(RenderError) -> RGBA8Canvas) throws(BenchError) {
        let bytes: [UInt8]
        do {
            bytes = try PNGCodec.encode(draw())
        } catch {
            throw BenchError.toolFailed(tool: "drawing \(path)", reason: error.detail)
        }
        do {
            try FileAccess.writeFile(bytes, to: path)
        } catch {
            throw BenchError.file(error)
        }
    }
}
