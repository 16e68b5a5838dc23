import Testing
import Systems

/// `minMoves` by cycle count against brute force, bad permutations, and the move-limit table.
@Suite("Tile move rules")
struct MoveRulesTests {
    /// The fewest swaps that sort `start`, found by breadth-first search over all swaps.
    static func bruteForceSwaps(_ start: [Int]) -> Int {
        let goal = Array(0..<start.count)
        var frontier = [start], seen: Set<[Int]> = [start], depth = 0
        while !frontier.isEmpty {
            if frontier.contains(goal) { return depth }
            var next: [[Int]] = []
            for state in frontier {
                for i in 0..<state.count {
                    for j in (i + 1)..<state.count {
                        var swapped = state
                        swapped.swapAt(i, j)
                        if seen.insert(swapped).inserted { next.append(swapped) }
                    }
                }
            }
            frontier = next
            depth += 1
        }
        return -1
    }

    /// Every permutation of `0..<count`.
    static func permutations(_ count: Int) -> [[Int]] {
        guard count > 0 else { return [[]] }
        return permutations(count - 1).flatMap { p in (0...p.count).map { i in var q = p; q.insert(count - 1, at: i); return q } }
    }

    @Test(arguments: 1...6)
    func cycleCountEqualsBruteForce(count: Int) throws {
        for permutation in Self.permutations(count) {
            #expect(try MoveRules.minimumSwaps(permutation) == Self.bruteForceSwaps(permutation), "\(permutation)")
        }
    }

    @Test func minMovesReadsCorrectIdsSlotBySlot() throws {
        var tiles = try BoardGenerator.solvedTiles(dimension: 4, corners: TileColorTests.corners)
        #expect(try MoveRules.minMoves(tiles) == 0)
        tiles.swapAt(1, 2)
        tiles.swapAt(5, 6)
        tiles.swapAt(6, 7)
        #expect(try MoveRules.minMoves(tiles) == 3)
    }

    @Test func nonPermutationsAreRefused() throws {
        #expect(throws: TileGameError.self) { try MoveRules.minimumSwaps([0, 0]) }
        #expect(throws: TileGameError.self) { try MoveRules.minimumSwaps([1, 2, 1]) }
        #expect(throws: TileGameError.self) { try MoveRules.minimumSwaps([0, 5]) }
        #expect(throws: TileGameError.self) { try MoveRules.minimumSwaps([-1, 0]) }
        #expect(try MoveRules.minimumSwaps([]) == 0)
    }

    @Test func everyMoveLimitRow() {
        for dimension in 4...7 { #expect(MoveRules.moveLimit(dimension: dimension, minMoves: 11, mode: .precision) == 21) }  // Int(17.6) + 4
        for dimension in 8...11 { #expect(MoveRules.moveLimit(dimension: dimension, minMoves: 11, mode: .precision) == 32) }  // Int(24.2) + 8
        #expect(MoveRules.moveLimit(dimension: 12, minMoves: 11, mode: .precision) == 39)  // Int(27.5) + 12
        #expect(MoveRules.moveLimit(dimension: 4, minMoves: 0, mode: .precision) == 4)
        #expect(MoveRules.moveLimit(dimension: 12, minMoves: 139, mode: .precision) == 359)
        for mode in [GameMode.casual, .pure] { #expect(MoveRules.moveLimit(dimension: 6, minMoves: 20, mode: mode) == 0) }
    }
}
