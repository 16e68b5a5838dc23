import ECS
import Testing

@testable import Bench
@testable import BenchKit

/// The `confetti.launch` scenario: on demand, a launch per frame with a new seed, judged on its
/// slowest launch against 1 ms.
struct ConfettiLaunchScenarioTests {
    @Test func itRunsOnlyWhenNamedAndLaunchesEveryParticleEachFrame() throws {
        #expect(!ScenarioRegistry.standard.names.contains("confetti.launch"))
        #expect(try ScenarioRegistry.standard.select("confetti.launch").map(\.name) == ["confetti.launch"])
        let workload = try ConfettiLaunchWorkload(particles: 500, seed: 3, kernels: .portable)
        #expect(workload.params == ["particles": 500] && workload.entitiesPerFrame == 500)
        workload.runFrame()
        workload.runFrame()
    }

    @Test func theSlowestLaunchIsJudgedAgainstOneMillisecond() throws {
        let workload = try ConfettiLaunchWorkload(particles: 10, seed: 1, kernels: .portable)
        let settings = RunSettings(particles: 10, frames: 3, warmup: 0, fps: 60, seed: 1, threads: 1)
        let fast = workload.judge(FrameSamples(cpuNs: [400_000, 900_000, 500_000], wallNs: [1, 1, 1]), settings: settings)
        #expect(fast.verdict == .pass && fast.judged.map(\.statistic) == ["max"])
        let slow = workload.judge(FrameSamples(cpuNs: [400_000, 1_200_000, 500_000], wallNs: [1, 1, 1]), settings: settings)
        #expect(slow.verdict == .fail)
        #expect(slow.reason == "slowest launch of 10 particles 1.20 ms > 1 ms")
    }
}
