/// The corner colours of a board: a profile, twelve HSB values and a rotation, drawn with the
/// standard library's `randomElement(using:)`, `Double.random(in:using:)` and
/// `Int.random(in:using:)`, so equal generators give the same corners on every platform.
public enum CornerGenerator {
    /// Draws the profile, then h1 s1 b1 … h4 s4 b4, then the rotation.
    public static func draw<G: RandomNumberGenerator>(using generator: inout G) -> CornerDraw {
        let profile = HarmonyProfile.allCases.randomElement(using: &generator)!
        var hsb: [[Double]] = []
        for range in profile.ranges {
            let h = Double.random(in: range.h, using: &generator)
            let s = Double.random(in: range.s, using: &generator)
            let b = Double.random(in: range.b, using: &generator)
            hsb.append([h, s, b])
        }
        let rotation = Int.random(in: 0...3, using: &generator)
        let c = hsb.map { RGBData.fromHSB(h: $0[0], s: $0[1], b: $0[2]) }
        let corners = rotate(c1: c[0], c2: c[1], c3: c[2], c4: c[3], by: rotation)
        return CornerDraw(profile: profile, hsb: hsb, rotation: rotation, corners: corners)
    }

    /// The corners `(tl, tr, bl, br)` of colours c1…c4 under `rotation`: 0 = (c1, c2, c3, c4),
    /// 1 = (c3, c1, c4, c2), 2 = (c4, c3, c2, c1), 3 = (c2, c4, c1, c3). Any other rotation is
    /// taken modulo 4.
    public static func rotate(c1: RGBData, c2: RGBData, c3: RGBData, c4: RGBData, by rotation: Int) -> CornerColors {
        switch ((rotation % 4) + 4) % 4 {
        case 0: return CornerColors(tl: c1, tr: c2, bl: c3, br: c4)
        case 1: return CornerColors(tl: c3, tr: c1, bl: c4, br: c2)
        case 2: return CornerColors(tl: c4, tr: c3, bl: c2, br: c1)
        default: return CornerColors(tl: c2, tr: c4, bl: c1, br: c3)
        }
    }
}
