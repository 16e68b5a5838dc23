import Testing

@testable import Bench
@testable import BenchKit

/// The `compare` scenario, the benchmark of `bench compare` itself.
struct CompareScenarioTests {
    /// It runs only when named: not in the default set, selectable by name.
    @Test func runsOnlyWhenNamed() throws {
        let registry = ScenarioRegistry.standard
        #expect(try !registry.select(nil).map(\.name).contains("compare"))
        #expect(try registry.select("compare").map(\.name) == ["compare"])
        #expect(registry.selectableNames.last == "compare")
    }

    /// It builds from the run settings (samples = particles), its frame runs, and it judges
    /// the 2 s limit on the p99.
    @Test func judgesTheTwoSecondLimit() throws {
        let workload = try #require(try ScenarioRegistry.standard.select("compare")[0].make(
            RunSettings(particles: 500, frames: 3, warmup: 0, fps: 60, seed: 1, threads: 1, snapshot: nil))
            as? CompareWorkload)
        #expect(workload.params == ["samples": 500])
        workload.runFrame()
        let fast = FrameSamples(cpuNs: [100_000_000, 1_900_000_000], wallNs: [1, 1], processCPUNs: nil)
        let slow = FrameSamples(cpuNs: [100_000_000, 2_100_000_000], wallNs: [1, 1], processCPUNs: nil)
        #expect(workload.judge(fast, settings: Fixtures.settings).verdict == .pass)
        let failed = workload.judge(slow, settings: Fixtures.settings)
        #expect(failed.verdict == .fail)
        #expect(failed.reason.hasPrefix("p99 compare of 500 samples per side 2"))
        #expect(failed.reason.hasSuffix("> 2000 ms"))
    }
}
