import Tiles

/// The creation input of a hosted tile game: the mode, then the grid size (casual) or the
/// level (precision and pure), and the seed of casual boards. Every field is optional.
public struct TileWorldInput: Codable, Sendable, Equatable {
    /// The mode (default casual); in JSON its raw value, `casual`, `precision` or `pure`.
    public var mode: GameMode?
    /// The casual grid side, `4...12` (default 4); the level sets it in the other modes.
    public var dimension: Int?
    /// The precision or pure level to play, from 1 (default 1); casual has no level to choose.
    public var level: Int?
    /// The seed of casual boards (default 0), so that a hosted casual game is reproducible;
    /// precision and pure boards are seeded by their level.
    public var seed: UInt64?

    /// An input; nil fields take their defaults.
    public init(mode: GameMode? = nil, dimension: Int? = nil, level: Int? = nil, seed: UInt64? = nil) {
        self.mode = mode
        self.dimension = dimension
        self.level = level
        self.seed = seed
    }
}
