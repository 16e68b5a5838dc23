/// A colour as four linear channels in `0...1`: red, green, blue and alpha.
public struct RGBAColor: Hashable, Sendable, Codable {
    /// Red channel, `0...1`.
    public var r: Float
    /// Green channel, `0...1`.
    public var g: Float
    /// Blue channel, `0...1`.
    public var b: Float
    /// Alpha (coverage) channel, `0...1`.
    public var a: Float

    /// Creates a colour from its channels; alpha defaults to opaque.
    public init(r: Float, g: Float, b: Float, a: Float = 1) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }
}
