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

    /// The fewest swaps that sort `permutation` (a permutation of `0..<count`): the count
    /// minus the number of cycles.
    ///
    /// A cycle walk is a chain of dependent loads, each a likely cache miss on a large
    /// permutation, so `walkers` walks run interleaved and their loads overlap. Each walk
    /// marks the slots it visits (in a 32-bit copy of the permutation, one access per slot)
    /// and stops at the first marked slot, which must be where another walk started: the walks
    /// are pieces of cycles, and the cycles are counted over the pieces afterwards.
    /// - Throws: ``TileGameError/notAPermutation(_:)`` for a value out of range or repeated.
    public static func minimumSwaps(_ permutation: [Int]) throws(TileGameError) -> Int {
        let count = permutation.count
        guard count < 1 << 29 else { throw .notAPermutation("\(count) elements, more than \(1 << 29) are counted") }
        // `next[slot]` is the target while unvisited (>= 0), and `~(piece << 1 | isStart)` once
        // visited by the walk that made piece `piece`.
        var next = [Int32](repeating: 0, count: count)
        for (slot, target) in permutation.enumerated() {
            guard target >= 0, target < count else {
                throw .notAPermutation("slot \(slot) points at \(target), outside 0..<\(count)")
            }
            next[slot] = Int32(truncatingIfNeeded: target)
        }
        var successor: [Int32] = []  // the piece whose start each piece's walk ran into
        var entered: [Bool] = []  // whether a walk has run into the piece's start
        var at = [Int32](repeating: 0, count: walkers), piece = [Int32](repeating: -1, count: walkers)
        var scan = 0, active = 0
        repeat {
            for lane in 0..<walkers {
                if piece[lane] < 0 {
                    while scan < count, next[scan] < 0 { scan += 1 }
                    guard scan < count else { continue }
                    piece[lane] = Int32(successor.count)
                    successor.append(-1)
                    entered.append(false)
                    at[lane] = next[scan]
                    next[scan] = ~(piece[lane] << 1 | 1)
                    active += 1
                }
                let slot = Int(at[lane])
                let target = next[slot]
                if target >= 0 {
                    next[slot] = ~(piece[lane] << 1)
                    at[lane] = target
                    continue
                }
                let mark = ~target
                guard mark & 1 == 1, !entered[Int(mark >> 1)] else {
                    throw .notAPermutation("\(slot) appears more than once")
                }
                entered[Int(mark >> 1)] = true
                successor[Int(piece[lane])] = mark >> 1
                piece[lane] = -1
                active -= 1
            }
        } while active > 0 || scan < count
        var cycles = 0
        for start in successor.indices where successor[start] >= 0 {
            cycles += 1
            var current = start
            while successor[current] >= 0 {
                let following = Int(successor[current])
                successor[current] = -1
                current = following
            }
        }
        return count - cycles
    }

    /// Walks run side by side in ``minimumSwaps(_:)``.
    static let walkers = 8

    /// The precision move limit for a board of `dimension` needing `minMoves` swaps:
    /// 4…7 give `Int(1.6·min) + 4`, 8…11 `Int(2.2·min) + 8`, any other `Int(2.5·min) + 12`.
    /// Casual and pure have no limit and get 0.
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
