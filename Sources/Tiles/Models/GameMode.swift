/// The three ways to play.
public enum GameMode: String, CaseIterable, Codable, Sendable {
    /// Any grid size from 4 to 12, hints, tiles in place are locked, best time and moves.
    case casual
    /// A level ladder with a move limit per board.
    case precision
    /// A level ladder with no lock, no marks and no limit.
    case pure

    /// The capitalised display name: "Casual", "Precision", "Pure".
    public var name: String {
        rawValue.prefix(1).uppercased() + rawValue.dropFirst()
    }

    /// Whether tiles already in their slot are locked and marked (casual and precision).
    public var locksPlacedTiles: Bool {
        self != .pure
    }

    /// The key of the level counter: the grid dimension in casual, `LADDER` in precision and
    /// `CHALLENGE` in pure.
    public func levelKey(dimension: Int) -> String {
        switch self {
        case .casual: return String(dimension)
        case .precision: return "LADDER"
        case .pure: return "CHALLENGE"
        }
    }
}
