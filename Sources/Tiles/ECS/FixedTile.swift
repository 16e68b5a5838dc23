/// The tag of a fixed corner tile.
public struct FixedTile: Equatable, Sendable {
    /// The tag.
    public init() {}
}
