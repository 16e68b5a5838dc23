import Render

/// Picks a colour uniformly from a palette with one `Int.random(in: 0..<count)` draw.
public struct DefaultColorSource: ConfettiColorSource, Hashable {
    /// The colours drawn from; never empty.
    public let palette: [RGBAColor]

    /// Creates a source over `palette`. An empty palette is replaced by ``defaultPalette``,
    /// because drawing from nothing would trap.
    public init(palette: [RGBAColor] = DefaultColorSource.defaultPalette) {
        self.palette = palette.isEmpty ? Self.defaultPalette : palette
    }

    /// Draws one index into the palette.
    public mutating func nextColor(using generator: inout some RandomNumberGenerator) -> RGBAColor {
        Self.color(from: palette, using: &generator)
    }

    /// The colour at one `Int.random(in: 0..<palette.count)` draw; `palette` must not be empty.
    static func color(from palette: [RGBAColor], using generator: inout some RandomNumberGenerator) -> RGBAColor {
        palette[Int.random(in: 0..<palette.count, using: &generator)]
    }

    /// The seven-colour palette (sRGB values): coral red, mango orange, lemon yellow, spring green,
    /// sky blue, violet purple, hot pink.
    public static let defaultPalette: [RGBAColor] = [
        RGBAColor(r: 1.0, g: 0.42, b: 0.42),
        RGBAColor(r: 1.0, g: 0.64, b: 0.25),
        RGBAColor(r: 1.0, g: 0.92, b: 0.35),
        RGBAColor(r: 0.35, g: 0.90, b: 0.45),
        RGBAColor(r: 0.35, g: 0.72, b: 1.0),
        RGBAColor(r: 0.72, g: 0.40, b: 1.0),
        RGBAColor(r: 1.0, g: 0.32, b: 0.78),
    ]
}
