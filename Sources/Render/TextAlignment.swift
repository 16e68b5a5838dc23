/// Which edge of a line of text the x coordinate given to
/// ``RGBA8Canvas/drawText(_:at:size:color:font:alignment:)`` names.
public enum TextAlignment: Sendable, Hashable {
    /// `x` is the left edge of the text's box.
    case left
    /// `x` is the horizontal centre of the text's box.
    case center
    /// `x` is the right edge of the text's box.
    case right
}
