import Foundation

/// The save's JSON (`JSONEncoder` of ``GameState``) and the checks a loaded save must pass before a
/// game trusts it.
public enum GameStateCodec {
    /// The largest save accepted, in bytes (a 12×12 save is about 20 KB).
    public static let maximumSize = 1 << 20
    /// The deepest nesting of arrays and objects accepted (a save nests 4 deep).
    public static let maximumDepth = 16
    /// The most moves a save may record.
    public static let maximumMoves = 100_000_000

    /// The JSON of `state`.
    public static func encode(_ state: GameState) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        // Encoding plain structs of numbers, strings and booleans cannot fail.
        return (try? Array(encoder.encode(state))) ?? []
    }

    /// The save in `bytes`, checked for a game of `mode`: size and nesting first (before any
    /// parsing), then the JSON shape, then the board (grid dimension `4...12`, `dimension²`
    /// tiles whose ids are the slots each once with `correctId == id`, exactly the corners
    /// fixed, colours in `0...1`) and the counters. A save without `gameMode` is taken as
    /// `mode` (saves written before modes existed). `currentIdx` is a helper that saves do not
    /// keep up to date, so it is reset to each tile's slot rather than checked.
    /// - Throws: the ``TileSaveError`` that says what is wrong.
    public static func decode(_ bytes: [UInt8], mode: GameMode) throws(TileSaveError) -> GameState {
        guard bytes.count <= maximumSize else { throw .tooLarge(bytes.count) }
        let depth = nestingDepth(bytes)
        guard depth <= maximumDepth else { throw .nestedTooDeep(depth) }
        var state: GameState
        do {
            state = try JSONDecoder().decode(GameState.self, from: Data(bytes))
        } catch let error as DecodingError {
            throw describe(error)
        } catch {
            throw .notJSON(String(describing: error))
        }
        try validate(&state, mode: mode)
        return state
    }

    /// Checks the decoded `state` and resets each tile's `currentIdx` to its slot.
    private static func validate(_ state: inout GameState, mode: GameMode) throws(TileSaveError) {
        if let found = state.gameMode, found != mode { throw .foreignMode(expected: mode, found: found) }
        let dimension = state.gridDimension
        guard BoardGenerator.dimensions.contains(dimension) else { throw .invalidGridDimension(dimension) }
        let count = dimension * dimension
        guard state.tiles.count == count else { throw .wrongTileCount(expected: count, found: state.tiles.count) }
        var seen = [Bool](repeating: false, count: count)
        for slot in 0..<count {
            let tile = state.tiles[slot]
            guard tile.id == tile.correctId else { throw .notAPermutation("tile \(tile.id) belongs in slot \(tile.correctId)") }
            guard (0..<count).contains(tile.id) else { throw .notAPermutation("tile id \(tile.id) is outside 0..<\(count)") }
            guard !seen[tile.id] else { throw .notAPermutation("tile \(tile.id) appears more than once") }
            seen[tile.id] = true
            let corner = BoardGenerator.isCorner(tile.correctId, dimension: dimension)
            guard tile.isFixed == corner else { throw .invalidValue("tiles[\(slot)].isFixed", "must be true exactly for the corners") }
            guard !corner || tile.correctId == slot else { throw .invalidValue("tiles[\(slot)]", "is a corner away from its slot") }
            guard tile.rgb.isInRange else { throw .invalidValue("tiles[\(slot)].rgb", "is outside 0...1") }
            state.tiles[slot].currentIdx = slot
        }
        guard (0...maximumMoves).contains(state.moves) else { throw .invalidValue("moves", "must be 0...\(maximumMoves)") }
        guard state.currentLevel >= 1 else { throw .invalidValue("currentLevel", "must be at least 1") }
        if let selected = state.selectedTileId, !(0..<count).contains(selected) {
            throw .invalidValue("selectedTileId", "is not a tile of the board")
        }
        if let corners = state.currentCorners, ![corners.tl, corners.tr, corners.bl, corners.br].allSatisfy(\.isInRange) {
            throw .invalidValue("currentCorners", "is outside 0...1")
        }
        if let minMoves = state.minMoves, !(0..<count).contains(minMoves) {
            throw .invalidValue("minMoves", "must be 0..<\(count)")
        }
        if let limit = state.moveLimit, !(0...maximumMoves).contains(limit) {
            throw .invalidValue("moveLimit", "must be 0...\(maximumMoves)")
        }
        if let time = state.timeElapsed, !(time.isFinite && time >= 0) {
            throw .invalidValue("timeElapsed", "must be a finite number of seconds, not negative")
        }
    }

    /// The deepest nesting of `[` and `{` outside strings, found without parsing.
    static func nestingDepth(_ bytes: [UInt8]) -> Int {
        var depth = 0, deepest = 0, inString = false, escaped = false
        for byte in bytes {
            if inString {
                if escaped { escaped = false } else if byte == UInt8(ascii: "\\") { escaped = true } else if byte == UInt8(ascii: "\"") { inString = false }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""): inString = true
            case UInt8(ascii: "["), UInt8(ascii: "{"):
                depth += 1
                deepest = max(deepest, depth)
            case UInt8(ascii: "]"), UInt8(ascii: "}"): depth -= 1
            default: break
            }
        }
        return deepest
    }

    /// The ``TileSaveError`` for a decoding failure.
    private static func describe(_ error: DecodingError) -> TileSaveError {
        switch error {
        case .keyNotFound(let key, let context):
            return .missingField(path(context.codingPath + [key]))
        case .valueNotFound(_, let context):
            return .missingField(path(context.codingPath))
        case .typeMismatch(let type, let context):
            return .wrongType(path(context.codingPath), String(describing: type))
        case .dataCorrupted(let context):
            switch context.codingPath.last?.stringValue {
            case "status": return .unknownStatus(context.debugDescription)
            case "gameMode": return .unknownMode(context.debugDescription)
            default:
                return context.codingPath.isEmpty
                    ? .notJSON(context.debugDescription) : .wrongType(path(context.codingPath), context.debugDescription)
            }
        @unknown default:
            return .notJSON(String(describing: error))
        }
    }

    /// `tiles[3].rgb`-style text for a coding path.
    private static func path(_ keys: [any CodingKey]) -> String {
        var text = ""
        for key in keys {
            if let index = key.intValue { text += "[\(index)]" } else { text += text.isEmpty ? key.stringValue : "." + key.stringValue }
        }
        return text.isEmpty ? "save" : text
    }
}
