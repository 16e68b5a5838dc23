import Testing
import Tiles

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

    /// The cycle count of `permutation` by one plain walk per cycle.
    static func referenceSwaps(_ permutation: [Int]) -> Int {
        var visited = [Bool](repeating: false, count: permutation.count), cycles = 0
        for start in permutation.indices where !visited[start] {
            cycles += 1
            var slot = start
            while !visited[slot] {
                visited[slot] = true
                slot = permutation[slot]
            }
        }
        return permutation.count - cycles
    }

    @Test(arguments: [7, 9, 64, 1000, 100_000])
    func interleavedWalksCountLikeOnePlainWalk(count: Int) throws {
        var generator = SplitMix64(seed: UInt64(count))
        for _ in 0..<5 {
            var permutation = Array(0..<count)
            permutation.shuffle(using: &generator)
            #expect(try MoveRules.minimumSwaps(permutation) == Self.referenceSwaps(permutation))
            // Many short cycles: swap neighbours in pairs.
            var pairs = Array(0..<count)
            for i in stride(from: 0, to: count - 1, by: 2) where generator.next() % 2 == 0 { pairs.swapAt(i, i + 1) }
            #expect(try MoveRules.minimumSwaps(pairs) == Self.referenceSwaps(pairs))
            // A repeated value anywhere is found.
            var broken = permutation
            broken[Int(generator.next() % UInt64(count))] = permutation[Int(generator.next() % UInt64(count))]
            if broken != permutation { #expect(throws: TileGameError.self) { try MoveRules.minimumSwaps(broken) } }
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
