import ECS

/// A request the tile game refuses, with the reason. Nothing changes when one is thrown.
public enum TileGameError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A grid dimension outside `4...12`.
    case invalidDimension(Int)
    /// A level below 1.
    case invalidLevel(Int)
    /// No tile on the board has this id.
    case unknownTile(Int)
    /// The tile is an anchored corner.
    case fixedTile(Int)
    /// The tile is already in its slot, and casual and precision lock such tiles.
    case lockedTile(Int)
    /// A swap of a tile with itself.
    case sameTile(Int)
    /// Moves are only accepted while playing.
    case notPlaying(GameStatus)
    /// A sequence of slot targets that is not a permutation of `0..<count`.
    case notAPermutation(String)
    /// No board has this index.
    case unknownBoard(Int)
    /// A slot outside the board.
    case invalidSlot(Int)
    /// The entity world refused an operation: its error, with its code and message.
    case world(ECSError)

    /// One line saying what was refused.
    public var description: String {
        switch self {
        case .invalidDimension(let value): return "grid dimension must be 4...12 (got \(value))"
        case .invalidLevel(let value): return "level must be at least 1 (got \(value))"
        case .unknownTile(let id): return "no tile has id \(id)"
        case .fixedTile(let id): return "tile \(id) is a fixed corner"
        case .lockedTile(let id): return "tile \(id) is already in place and locked"
        case .sameTile(let id): return "cannot swap tile \(id) with itself"
        case .notPlaying(let status): return "moves are accepted only while playing (status is \(status.rawValue))"
        case .notAPermutation(let reason): return "not a permutation: \(reason)"
        case .unknownBoard(let index): return "no board has index \(index)"
        case .invalidSlot(let slot): return "slot \(slot) is outside the board"
        case .world(let error): return "entity world: \(error)"
        }
    }
}
