/// Identifies a cached ``GlyphBitmap``: a glyph of a face at a pixel size.
struct GlyphKey: Hashable, Sendable {
    /// The glyph's index in the face.
    let glyph: UInt32
    /// The pixel size the glyph was rasterised at.
    let size: Int
}
