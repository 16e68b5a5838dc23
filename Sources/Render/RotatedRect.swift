/// One filled rectangle rotated about its centre, the element of a batch draw.
public struct RotatedRect: Hashable, Sendable, Codable {
    /// The centre in canvas pixels; `(0, 0)` is the top-left corner of the canvas.
    public var center: SIMD2<Float>
    /// The width and height before rotation, in pixels.
    public var size: SIMD2<Float>
    /// The rotation in radians; positive values turn the +x axis toward +y (clockwise on screen).
    public var rotation: Float
    /// The fill colour.
    public var color: RGBAColor
    /// A factor applied to the colour's alpha, `0...1`.
    public var opacity: Float

    /// Creates a rotated rectangle.
    public init(
        center: SIMD2<Float>, size: SIMD2<Float>, rotation: Float, color: RGBAColor, opacity: Float = 1
    ) {
        self.center = center
        self.size = size
        self.rotation = rotation
        self.color = color
        self.opacity = opacity
    }
}
