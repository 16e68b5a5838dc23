import ECS
import Testing
@testable import Confetti
@testable import Platform
@testable import Render
import Confetti

/// A colour source that keeps state: it cycles through `colors`, drawing nothing.
private struct CyclingColorSource: ConfettiColorSource {
    let colors: [RGBAColor]
    var next = 0

    mutating func nextColor(using generator: inout some RandomNumberGenerator) -> RGBAColor {
        defer { next = (next + 1) % colors.count }
        return colors[next]
    }
}

/// Continuous emission: what a respawn draws, whatever the thread count.
@Suite struct ConfettiRespawnTests {
    static let seed: UInt64 = 91
    static let canvas = SIMD2<Double>(400, 300)

    /// A continuous run of `count` particles whose particles leave the canvas quickly (a small
    /// canvas and a tight margin), so that most steps respawn some rows.
    static func simulation(
        count: Int, threads: Int, colorSource: some ConfettiColorSource = DefaultColorSource()
    ) throws -> ConfettiSimulation {
        var config = ConfettiFixture.config(count: count, emission: .continuous)
        config.spawn.boundaryMargin = 5
        let simulation = try ConfettiSimulation(configuration: config, world: World(), colorSource: colorSource, threadCount: threads)
        try simulation.start(canvasSize: canvas, seed: seed)
        return simulation
    }

    /// The spawn number of each identifier the run's seed gives to particles `0..<limit`.
    static func spawnNumbers(upTo limit: UInt64) -> [UInt64: UInt64] {
        Dictionary(uniqueKeysWithValues: (0..<limit).map { (ConfettoID.derived(seed: seed, spawnNumber: $0).value, $0) })
    }

    /// Every respawned particle has the traits its own generator gives: seeded with its
    /// identifier, the mix of the run's seed and its spawn number, in the spawner's draw order.
    @Test(arguments: [1, 2, 3])
    func eachRespawnDrawsFromItsOwnGenerator(threads: Int) throws {
        let count = 2 * ConfettiCloud.chunkSize + 77
        let simulation = try Self.simulation(count: count, threads: threads)
        try simulation.advance(steps: 240)
        let traits = try #require(simulation.cloud?.traits)
        let spawner = ConfettiSpawner(config: simulation.configuration, canvas: Self.canvas)
        let numbers = Self.spawnNumbers(upTo: UInt64(count * 20))
        var respawns = 0
        for particle in traits {
            let number = try #require(numbers[particle.id], "identifier \(particle.id) has no spawn number")
            guard number >= UInt64(count) else { continue }
            var generator = ConfettiLCG(seed: particle.id)
            var palette = DefaultColorSource()
            let (expected, _) = spawner.make(id: particle.id, using: &generator) { palette.nextColor(using: &$0) }
            #expect(particle == expected)
            respawns += 1
        }
        #expect(respawns > count / 2, "only \(respawns) of \(count) particles were respawned")
    }

    /// Respawns are numbered in row order within a step, after every earlier particle: the
    /// respawned rows of a step carry consecutive spawn numbers, rising with the row.
    @Test func respawnsAreNumberedInRowOrder() throws {
        let count = ConfettiCloud.chunkSize + 500
        let simulation = try Self.simulation(count: count, threads: 2)
        let numbers = Self.spawnNumbers(upTo: UInt64(count * 20))
        var next = UInt64(count)
        var stepsWithRespawns = 0
        for _ in 0..<200 {
            let before = try #require(simulation.cloud?.traits.map(\.id))
            try simulation.advance(steps: 1)
            let after = try #require(simulation.cloud?.traits.map(\.id))
            let changed = after.indices.filter { after[$0] != before[$0] }
            let spawnNumbers = try changed.map { try #require(numbers[after[$0]]) }
            #expect(spawnNumbers == Array(next..<(next + UInt64(changed.count))))
            next += UInt64(changed.count)
            if !changed.isEmpty { stepsWithRespawns += 1 }
        }
        #expect(stepsWithRespawns > 10)
    }

    /// A colour source that keeps state is drawn once per respawn, in row order, on any
    /// thread count: the colours go on cycling from the initial particles' through each
    /// step's respawned rows, and the run has the same bits on one, two and three threads.
    @Test func aStatefulColorSourceIsDrawnInRowOrder() throws {
        let palette = [RGBAColor(r: 1, g: 0, b: 0), RGBAColor(r: 0, g: 1, b: 0), RGBAColor(r: 0, g: 0, b: 1)]
        let count = 2 * ConfettiCloud.chunkSize + 10
        var runs: [[ParticleRenderState]] = []
        for threads in [1, 2, 3] {
            let simulation = try Self.simulation(
                count: count, threads: threads, colorSource: CyclingColorSource(colors: palette))
            var before = try #require(simulation.cloud?.traits)
            #expect(before.map(\.color) == (0..<count).map { palette[$0 % 3] })
            var drawn = count
            for _ in 0..<120 {
                try simulation.advance(steps: 1)
                let after = try #require(simulation.cloud?.traits)
                let colors = after.indices.filter { after[$0].id != before[$0].id }.map { after[$0].color }
                #expect(colors == (drawn..<(drawn + colors.count)).map { palette[$0 % 3] })
                drawn += colors.count
                before = after
            }
            #expect(drawn > count + count / 4, "only \(drawn - count) respawns on \(threads) threads")
            runs.append(simulation.renderStates)
        }
        #expect(runs[1] == runs[0])
        #expect(runs[2] == runs[0])
    }
}
