/// The creation input of a hosted confetti world: canvas size in points and the seed of
/// `start` when it is given none. Every field is optional.
public struct ConfettiWorldInput: Codable, Sendable, Equatable {
    /// Canvas width in points (default 390).
    public var width: Double?
    /// Canvas height in points (default 844).
    public var height: Double?
    /// The seed of `start` without arguments (default 0).
    public var seed: UInt64?

    /// An input; nil fields take their defaults.
    public init(width: Double? = nil, height: Double? = nil, seed: UInt64? = nil) {
        self.width = width
        self.height = height
        self.seed = seed
    }
}
