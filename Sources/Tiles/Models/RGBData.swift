import Foundation

/// A colour of the tile puzzle: red, green and blue as `Double`s in `0...1`.
///
/// The save format stores it as `{"r":…,"g":…,"b":…}`.
public struct RGBData: Equatable, Codable, Sendable {
    /// Red, `0...1`.
    public var r: Double
    /// Green, `0...1`.
    public var g: Double
    /// Blue, `0...1`.
    public var b: Double

    /// A colour from its three channels.
    public init(r: Double, g: Double, b: Double) {
        self.r = r
        self.g = g
        self.b = b
    }

    /// The colour of hue `h`, saturation `s` and brightness `b` with the standard HSV→RGB
    /// formula (the one `UIColor(hue:saturation:brightness:alpha:)` uses). Each argument is
    /// clamped to `0...1` and a NaN counts as 0, as `UIColor` clamps its components; a hue of 1
    /// is the same red as a hue of 0.
    public static func fromHSB(h: Double, s: Double, b: Double) -> RGBData {
        let hue = unit(h), saturation = unit(s), brightness = unit(b)
        let scaled = hue * 6
        let sector = Int(scaled.rounded(.down)) % 6
        let fraction = scaled - scaled.rounded(.down)
        let p = brightness * (1 - saturation)
        let q = brightness * (1 - saturation * fraction)
        let t = brightness * (1 - saturation * (1 - fraction))
        switch sector {
        case 0: return RGBData(r: brightness, g: t, b: p)
        case 1: return RGBData(r: q, g: brightness, b: p)
        case 2: return RGBData(r: p, g: brightness, b: t)
        case 3: return RGBData(r: p, g: q, b: brightness)
        case 4: return RGBData(r: t, g: p, b: brightness)
        default: return RGBData(r: brightness, g: p, b: q)
        }
    }

    /// The bilinear colour of cell (`x`, `y`) on a `width`×`height` grid whose corners are
    /// `corners`: `u = x / max(1, width − 1)`, `v = y / max(1, height − 1)`, the top and bottom
    /// rows first, then the vertical pass, with `lerp(a, b, t) = a(1 − t) + bt`.
    public static func interpolated(x: Int, y: Int, width: Int, height: Int, corners: CornerColors) -> RGBData {
        let u = Double(x) / Double(max(1, width - 1))
        let v = Double(y) / Double(max(1, height - 1))
        let top = corners.tl.lerp(to: corners.tr, by: u)
        let bottom = corners.bl.lerp(to: corners.br, by: u)
        return top.lerp(to: bottom, by: v)
    }

    /// The Euclidean distance to `other` in RGB space, `0...√3` for colours in range.
    public func distance(to other: RGBData) -> Double {
        let dr = r - other.r, dg = g - other.g, db = b - other.b
        return (dr * dr + dg * dg + db * db).squareRoot()
    }

    /// Whether every channel differs from `other`'s by strictly less than 0.05.
    public func isSimilar(to other: RGBData) -> Bool {
        abs(r - other.r) < 0.05 && abs(g - other.g) < 0.05 && abs(b - other.b) < 0.05
    }

    /// Whether all three channels are finite and within `0...1`.
    public var isInRange: Bool {
        [r, g, b].allSatisfy { (0...1).contains($0) }
    }

    /// `self·(1 − t) + other·t`, per channel.
    func lerp(to other: RGBData, by t: Double) -> RGBData {
        RGBData(r: r * (1 - t) + other.r * t, g: g * (1 - t) + other.g * t, b: b * (1 - t) + other.b * t)
    }

    /// `value` clamped to `0...1`, with NaN as 0.
    private static func unit(_ value: Double) -> Double {
        value.isNaN ? 0 : min(1, max(0, value))
    }
}
