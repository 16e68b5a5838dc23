import Testing
import Tiles

/// Corner generation, the board, the shuffle, levels and seeds.
@Suite("Tile generation")
struct TileGenerationTests {
    /// The original's generator, written out from its source, to compare with `SplitMix64`.
    struct OriginalSeededGenerator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    @Test func theECSGeneratorIsTheOriginalsSplitMix64() {
        for seed: UInt64 in [0, 1, 42, 0x5555_5555_5555_5554, .max] {
            var ours = SplitMix64(seed: seed)
            var original = OriginalSeededGenerator(state: seed)
            for _ in 0..<1000 { #expect(ours.next() == original.next()) }
        }
        // Published SplitMix64 outputs for seed 0.
        var zero = SplitMix64(seed: 0)
        #expect([zero.next(), zero.next(), zero.next()] == [0xE220_A839_7B1D_CDAF, 0x6E78_9E6A_A1B9_65F4, 0x06C4_5D18_8009_454F])
    }

    @Test func cornersAreDrawnProfileThenTwelveValuesThenRotation() {
        for seed: UInt64 in 0..<50 {
            var generator = SplitMix64(seed: seed)
            let draw = CornerGenerator.draw(using: &generator)
            var replay = SplitMix64(seed: seed)
            let profile = HarmonyProfile.allCases.randomElement(using: &replay)!
            var values: [[Double]] = []
            for range in profile.ranges {
                values.append([
                    Double.random(in: range.h, using: &replay), Double.random(in: range.s, using: &replay),
                    Double.random(in: range.b, using: &replay),
                ])
            }
            let rotation = Int.random(in: 0...3, using: &replay)
            #expect(draw.profile == profile && draw.hsb == values && draw.rotation == rotation)
            #expect(generator == replay, "the draw consumes exactly the documented calls")
        }
    }

    @Test func everyProfileDrawsWithinItsRanges() {
        var seen = Set<HarmonyProfile>()
        for seed: UInt64 in 0..<2000 {
            var generator = SplitMix64(seed: seed &* 7919)
            let draw = CornerGenerator.draw(using: &generator)
            seen.insert(draw.profile)
            for (corner, range) in draw.profile.ranges.enumerated() {
                let hsb = draw.hsb[corner]
                #expect(range.h.contains(hsb[0]) && range.s.contains(hsb[1]) && range.b.contains(hsb[2]))
            }
            #expect((0...3).contains(draw.rotation))
        }
        #expect(seen == Set(HarmonyProfile.allCases))
    }

    @Test func theProfileTableIsTheOriginals() {
        #expect(HarmonyProfile.allCases.map(\.rawValue) == ["sunset", "ocean", "forest", "berry", "aurora", "citrus", "midnight"])
        #expect(HarmonyProfile.sunset.ranges[0] == HSBRange(h: 0.12...0.16, s: 0.2...0.4, b: 0.95...1.0))
        #expect(HarmonyProfile.ocean.ranges[3] == HSBRange(h: 0.65...0.7, s: 0.9...1.0, b: 0.2...0.4))
        #expect(HarmonyProfile.berry.ranges[1] == HSBRange(h: 0.95...1.0, s: 0.7...0.9, b: 0.8...1.0))
        #expect(HarmonyProfile.citrus.ranges[3] == HSBRange(h: 0.02...0.06, s: 0.9...1.0, b: 0.4...0.6))
        #expect(HarmonyProfile.midnight.ranges[0] == HSBRange(h: 0.6...0.7, s: 0.0...0.1, b: 0.9...1.0))
        #expect(HarmonyProfile.allCases.allSatisfy { $0.ranges.count == 4 })
        // c1 is the lightest corner and c4 the darkest in every profile.
        #expect(HarmonyProfile.allCases.allSatisfy { $0.ranges[0].b.lowerBound > $0.ranges[3].b.upperBound })
    }

    @Test func aRecordedSeedGivesTheSameCornersEveryRun() {
        var generator = SplitMix64(seed: 1)
        let draw = CornerGenerator.draw(using: &generator)
        #expect(draw.profile == RecordedDraw.profile)
        #expect(draw.rotation == RecordedDraw.rotation)
        #expect(draw.hsb.flatMap { $0 } == RecordedDraw.hsb)
    }

    @Test func rotationsMapTheCornersAsTheOriginal() {
        let c = (1...4).map { RGBData(r: Double($0) / 4, g: 0, b: 0) }
        let expected: [[Int]] = [[0, 1, 2, 3], [2, 0, 3, 1], [3, 2, 1, 0], [1, 3, 0, 2]]
        for rotation in 0...3 {
            let corners = CornerGenerator.rotate(c1: c[0], c2: c[1], c3: c[2], c4: c[3], by: rotation)
            let e = expected[rotation].map { c[$0] }
            #expect([corners.tl, corners.tr, corners.bl, corners.br] == e)
        }
    }

    @Test(arguments: 4...12)
    func theSolvedBoardIsRowMajorWithOnlyCornersFixed(dimension: Int) throws {
        let corners = TileColorTests.corners
        let tiles = try BoardGenerator.solvedTiles(dimension: dimension, corners: corners)
        #expect(tiles.count == dimension * dimension)
        for (index, tile) in tiles.enumerated() {
            #expect(tile.id == index && tile.correctId == index && tile.currentIdx == index)
            let x = index % dimension, y = index / dimension
            #expect(tile.rgb == RGBData.interpolated(x: x, y: y, width: dimension, height: dimension, corners: corners))
        }
        let last = dimension * dimension - 1
        #expect(tiles.filter(\.isFixed).map(\.id) == [0, dimension - 1, last - dimension + 1, last])
    }

    @Test func badDimensionsAreRefused() {
        #expect(throws: TileGameError.invalidDimension(3)) { try BoardGenerator.solvedTiles(dimension: 3, corners: TileColorTests.corners) }
        #expect(throws: TileGameError.invalidDimension(13)) { try BoardGenerator.solvedTiles(dimension: 13, corners: TileColorTests.corners) }
        #expect(throws: TileGameError.invalidDimension(-4)) { try BoardGenerator.solvedTiles(dimension: -4, corners: TileColorTests.corners) }
    }

    @Test(arguments: [4, 5, 8, 12])
    func theShuffleKeepsCornersAndIsAPermutation(dimension: Int) throws {
        let solved = try BoardGenerator.solvedTiles(dimension: dimension, corners: TileColorTests.corners)
        for seed: UInt64 in 0..<20 {
            var generator = SplitMix64(seed: seed)
            let shuffled = try BoardGenerator.shuffled(solved, using: &generator)
            #expect(shuffled.map(\.id).sorted() == Array(0..<solved.count))
            #expect(shuffled.enumerated().allSatisfy { $0.element.currentIdx == $0.offset })
            for (slot, tile) in shuffled.enumerated() where tile.isFixed { #expect(tile.correctId == slot) }
            #expect(shuffled.filter(\.isFixed).count == 4)
            // The loose tiles are the stdlib's Fisher–Yates of the loose tiles in order.
            var replay = SplitMix64(seed: seed)
            var loose = solved.filter { !$0.isFixed }.map(\.id)
            loose.shuffle(using: &replay)
            #expect(shuffled.filter { !$0.isFixed }.map(\.id) == loose)
        }
    }

    @Test func aShuffleWithTwoFixedTilesInOneSlotIsRefused() throws {
        var tiles = try BoardGenerator.solvedTiles(dimension: 4, corners: TileColorTests.corners)
        tiles[3].correctId = 0
        var generator = SplitMix64(seed: 1)
        #expect(throws: TileGameError.self) { try BoardGenerator.shuffled(tiles, using: &generator) }
    }

    @Test func gridSizesFollowTheLevelTable() throws {
        let table = [1: 4, 15: 4, 16: 5, 22: 5, 23: 6, 29: 6, 30: 7, 64: 11, 65: 12, 500: 12]
        for (level, dimension) in table { #expect(try LevelRules.gridDimension(forLevel: level) == dimension, "level \(level)") }
        #expect(throws: TileGameError.invalidLevel(0)) { try LevelRules.gridDimension(forLevel: 0) }
    }

    @Test func seedsPerMode() {
        // Unwrapped first: `#expect` capturing an `Optional<UInt64>` trips AddressSanitizer
        // inside the Swift runtime's `AnyHashable` conversion.
        let seeds = GameMode.allCases.map { LevelRules.seed(level: 7, mode: $0) }
        #expect(seeds.map { $0 == nil } == [true, false, false])
        #expect(seeds.compactMap { $0 } == [7, 7 ^ 0x5555_5555_5555_5555])
    }
}
