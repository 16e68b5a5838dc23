/// The minimum number of swaps of a board and the precision move limit.
public enum MoveRules {
    /// `calculateMinMoves`: the number of slots minus the number of cycles (fixed points
    /// included) of the permutation `slot → tiles[slot].correctId`, which is the fewest swaps
    /// that sort it.
    /// - Throws: ``TileGameError/notAPermutation(_:)`` when the `correctId`s are not a
    ///   permutation of the slots.
    public static func minMoves(_ tiles: [Tile]) throws(TileGameError) -> Int {
        try minimumSwaps(tiles.map(\.correctId))
    }

    /// The fewest swaps that sort `permutation` (a permutation of `0..<count`), in one pass
    /// with one byte of scratch per element.
    /// - Throws: ``TileGameError/notAPermutation(_:)`` for a value out of range or repeated.
    public static func minimumSwaps(_ permutation: [Int]) throws(TileGameError) -> Int {
        let count = permutation.count
        var visited = [Bool](repeating: false, count: count)
        var cycles = 0
        for start in 0..<count where !visited[start] {
            cycles += 1
            var slot = start
            repeat {
                visited[slot] = true
                let target = permutation[slot]
                guard target >= 0, target < count else {
                    throw .notAPermutation("slot \(slot) points at \(target), outside 0..<\(count)")
                }
                if target != start, visited[target] {
                    throw .notAPermutation("\(target) appears more than once")
                }
                slot = target
            } while slot != start
        }
        return count - cycles
    }

    /// The precision move limit for a board of `dimension` needing `minMoves` swaps:
    /// 4…7 give `Int(1.6·min) + 4`, 8…11 `Int(2.2·min) + 8`, any other `Int(2.5·min) + 12`.
    /// Casual and pure have no limit and get 0. (The Kotlin port's flat 200 is not followed.)
    public static func moveLimit(dimension: Int, minMoves: Int, mode: GameMode) -> Int {
        guard mode == .precision else { return 0 }
        let moves = Double(minMoves)
        switch dimension {
        case 4...7: return Int(1.6 * moves) + 4
        case 8...11: return Int(2.2 * moves) + 8
        default: return Int(2.5 * moves) + 12
        }
    }
}
