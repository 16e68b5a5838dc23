/// One glyph rasterised by FreeType at one pixel size: an 8-bit coverage mask placed relative
/// to the pen position on the baseline, and how far the pen moves after it.
struct GlyphBitmap: Sendable {
    /// Columns of the coverage mask.
    let width: Int
    /// Rows of the coverage mask.
    let rows: Int
    /// Pixels from the pen position to the mask's left edge (negative to the left).
    let left: Int
    /// Pixels from the baseline up to the mask's top row.
    let top: Int
    /// Pixels the pen advances after the glyph.
    let advance: Int
    /// Coverage row by row, `0` empty to `255` fully covered, `width * rows` bytes.
    let coverage: [UInt8]
}
