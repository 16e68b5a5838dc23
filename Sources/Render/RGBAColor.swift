/// A colour with straight (not premultiplied) red, green, blue and alpha components.
///
/// Components are nominally in `0...1`. Drawing clamps them into that range; a component that
/// is not finite makes the shape that uses it invalid (the shape is skipped).
public struct RGBAColor: Hashable, Sendable, Codable {
    /// The red component, `0...1`.
    public var r: Float
    /// The green component, `0...1`.
    public var g: Float
    /// The blue component, `0...1`.
    public var b: Float
    /// The alpha (coverage) component, `0...1`; 0 is fully transparent.
    public var a: Float

    /// Creates a colour from straight components.
    public init(r: Float, g: Float, b: Float, a: Float = 1) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// Fully transparent black.
    public static let clear = RGBAColor(r: 0, g: 0, b: 0, a: 0)
    /// Opaque black.
    public static let black = RGBAColor(r: 0, g: 0, b: 0)
    /// Opaque white.
    public static let white = RGBAColor(r: 1, g: 1, b: 1)

    /// Whether every component is a finite number.
    public var isFinite: Bool {
        r.isFinite && g.isFinite && b.isFinite && a.isFinite
    }
}
