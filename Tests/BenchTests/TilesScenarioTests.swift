import ECS
import Tiles
import Testing

@testable import Bench
@testable import BenchKit

/// The `tiles` scenarios: options, settings, a frame's work, and bad values.
struct TilesScenarioTests {
    /// `CommandOutcome`'s one line for a parse that fails, nil when it passes.
    private func errorLine(_ arguments: [String]) -> String? {
        do {
            _ = try BenchCommand<EcsBench>.parse(arguments)
            return nil
        } catch {
            let outcome = CommandOutcome(error: error)
            #expect(outcome.status == .error)
            return outcome.line
        }
    }

    @Test func boardAndGridOptionsAreChecked() {
        #expect(errorLine(["--boards", "0"]) == "--boards must be in 1...100000, got 0")
        #expect(errorLine(["--boards", "100001"]) == "--boards must be in 1...100000, got 100001")
        #expect(errorLine(["--grid", "3"]) == "--grid must be in 4...12, got 3")
        #expect(errorLine(["--grid", "13"]) == "--grid must be in 4...12, got 13")
        #expect(errorLine(["--boards", "5", "--grid", "6"]) == nil)
    }

    @Test func tilesIsInTheDefaultSuiteAndMinMovesOnDemand() throws {
        #expect(ScenarioRegistry.standard.names.contains("tiles"))
        #expect(!ScenarioRegistry.standard.names.contains("tiles.minmoves"))
        #expect(try ScenarioRegistry.standard.select("tiles.minmoves").map(\.name) == ["tiles.minmoves"])
    }

    @Test func theOptionsReachTheWorkload() throws {
        let entry = try ScenarioRegistry.standard.select("tiles")[0]
        var settings = RunSettings(particles: 10, frames: 1, warmup: 0, fps: 60, seed: 1, threads: 1)
        let defaults = try entry.make(settings)
        #expect(defaults.params == ["boards": 1000, "grid": 12] && defaults.entitiesPerFrame == 144_000)
        settings.options["boards"] = .integer(7)
        settings.options["grid"] = .integer(5)
        let small = try entry.make(settings)
        #expect(small.params == ["boards": 7, "grid": 5] && small.entitiesPerFrame == 175)
    }

    @Test func aFrameAnimatesSwapsOnOnePercentAndReadsEveryGrid() throws {
        let workload = try TilesWorkload(boards: 300, grid: 6, seed: 9)
        #expect(workload.world.entityCount == 300 * 36)
        let before = try (0..<300).map { try workload.tiles.colourGrid(board: $0) }
        workload.runFrame()
        workload.runFrame()
        #expect(workload.swaps == 6)
        let after = try (0..<300).map { try workload.tiles.colourGrid(board: $0) }
        let changed = zip(before, after).filter { $0 != $1 }.count
        #expect((1...6).contains(changed))
    }

    @Test func badValuesAreTypedErrors() {
        #expect(throws: BenchError.invalidArgument("tiles boards must be in 1...100000, got 0")) {
            try TilesWorkload(boards: 0, grid: 12, seed: 1)
        }
        #expect(throws: BenchError.invalidArgument("tiles grid must be in 4...12, got 2")) {
            try TilesWorkload(boards: 1, grid: 2, seed: 1)
        }
    }
}
