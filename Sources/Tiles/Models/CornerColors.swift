/// The four anchor colours of a board: top left, top right, bottom left, bottom right.
///
/// Saved as the `currentCorners` object, `{"tl":…,"tr":…,"bl":…,"br":…}`.
public struct CornerColors: Equatable, Codable, Sendable {
    /// Top left.
    public var tl: RGBData
    /// Top right.
    public var tr: RGBData
    /// Bottom left.
    public var bl: RGBData
    /// Bottom right.
    public var br: RGBData

    /// Corners from their four colours.
    public init(tl: RGBData, tr: RGBData, bl: RGBData, br: RGBData) {
        self.tl = tl
        self.tr = tr
        self.bl = bl
        self.br = br
    }
}
