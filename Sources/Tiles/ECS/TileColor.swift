/// A tile entity's colour.
public struct TileColor: Equatable, Sendable {
    /// The colour.
    public var rgb: RGBData

    /// A colour component.
    public init(_ rgb: RGBData) {
        self.rgb = rgb
    }
}
