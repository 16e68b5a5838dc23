/// Why a saved game could not be used. The game that finds one starts a new game and keeps
/// the bad save aside.
public enum TileSaveError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The store could not read the save.
    case unreadable(String)
    /// The save is larger than any real save can be (bytes).
    case tooLarge(Int)
    /// Arrays or objects nest deeper than a save ever does.
    case nestedTooDeep(Int)
    /// The bytes are not JSON of a save object.
    case notJSON(String)
    /// A required field is missing (its path).
    case missingField(String)
    /// A field has the wrong type (its path and what was expected).
    case wrongType(String, String)
    /// The status is not one of the five.
    case unknownStatus(String)
    /// The mode is not one of the three.
    case unknownMode(String)
    /// The grid dimension is outside `4...12`.
    case invalidGridDimension(Int)
    /// The number of tiles is not the square of the grid dimension.
    case wrongTileCount(expected: Int, found: Int)
    /// The tiles' ids are not the slots `0..<count`, each once, with `correctId == id`.
    case notAPermutation(String)
    /// A field is out of its range (its name and the reason).
    case invalidValue(String, String)
    /// The save belongs to another mode.
    case foreignMode(expected: GameMode, found: GameMode)

    /// One line saying what is wrong with the save.
    public var description: String {
        switch self {
        case .unreadable(let reason): return "cannot read the save: \(reason)"
        case .tooLarge(let bytes): return "the save is \(bytes) bytes, more than \(GameStateCodec.maximumSize)"
        case .nestedTooDeep(let depth): return "the save nests \(depth) levels deep, more than \(GameStateCodec.maximumDepth)"
        case .notJSON(let reason): return "the save is not JSON: \(reason)"
        case .missingField(let path): return "the save has no \(path)"
        case .wrongType(let path, let expected): return "\(path) in the save is not \(expected)"
        case .unknownStatus(let value): return "unknown status \(value) in the save"
        case .unknownMode(let value): return "unknown game mode \(value) in the save"
        case .invalidGridDimension(let value): return "grid dimension \(value) in the save is outside 4...12"
        case .wrongTileCount(let expected, let found): return "the save has \(found) tiles, not \(expected)"
        case .notAPermutation(let reason): return "the save's tiles are not a permutation: \(reason)"
        case .invalidValue(let field, let reason): return "\(field) in the save \(reason)"
        case .foreignMode(let expected, let found): return "the save is a \(found.rawValue) game, not \(expected.rawValue)"
        }
    }
}
