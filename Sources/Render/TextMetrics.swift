/// The box a line of text occupies when drawn with
/// ``RGBA8Canvas/drawText(_:at:size:color:font:alignment:)``: every pixel the text touches
/// lies inside `width x height` pixels from the box's top-left corner.
public struct TextMetrics: Sendable, Hashable {
    /// Width in pixels: the pen advance of the whole line, widened to any ink beyond it.
    public let width: Int
    /// Height in pixels: ``ascent`` plus the depth below the baseline.
    public let height: Int
    /// Pixels from the top of the box down to the baseline.
    public let ascent: Int
    /// Pixels from the box's left edge to the pen's start (non-zero when a glyph's ink reaches
    /// left of the pen).
    let penOffset: Int
}
