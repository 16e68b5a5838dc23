import CBench
import Foundation
import Testing

@testable import Bench
@testable import BenchKit

/// Tests of the sampler, scenario verdicts and the scenario registry.
struct HarnessTests {
    /// The measured loop allocates nothing: the allocation count does not grow with frames.
    @Test func samplerAllocationsDoNotGrowWithFrames() {
        let workload = CalibrationWorkload(particles: 1000)
        func allocations(frames: Int) -> UInt64 {
            AllocationCounting.exclusively {
                cbench_alloc_counting_begin_this_thread()
                _ = Sampler(warmup: 0, frames: frames).measure(workload)
                return cbench_alloc_count_end()
            }
        }
        _ = allocations(frames: 1)
        #expect(allocations(frames: 10) == allocations(frames: 1000))
    }

    /// A parallel workload records process CPU time and is judged on wall time.
    @Test func parallelWorkloadsAreJudgedOnWallTime() {
        let workload = ParallelWorkload()
        let samples = Sampler(warmup: 1, frames: 5).measure(workload)
        #expect(samples.processCPUNs?.count == 5)
        let result = ScenarioEvaluator(settings: Fixtures.settings, bandwidth: nil, judged: true)
            .evaluate(workload, samples: samples)
        #expect(result.judged.map(\.clock) == [.wall])
        #expect(result.reason.hasPrefix("wall "))
        #expect(result.nsPerEntity == nil)
    }

    /// A self-judging workload's verdict, speedup and metrics reach the result and its JSON.
    @Test func selfJudgingWorkloadsCarryTheirVerdict() throws {
        let result = ScenarioEvaluator(settings: Fixtures.settings, bandwidth: nil, judged: true)
            .evaluate(
                SpeedupWorkload(),
                samples: FrameSamples(cpuNs: [100], wallNs: [100], processCPUNs: nil))
        #expect(result.verdict == .fail)
        #expect(result.reason == "speedup 150x < required 180x")
        let data = try ResultCoding.encode(result)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["speedup"] as? Double == 150)
        #expect(object["required_speedup"] as? Double == 180)
        #expect((object["metrics"] as? [String: Double])?["cached_ns"] == 2)
        let judged = try #require(object["judged"] as? [[String: Any]])
        #expect(judged.count == 1)
        #expect(judged.first?["statistic"] as? String == "speedup")
        #expect(judged.first?["unit"] as? String == "x" && judged.first?["rule"] as? String == "at_least")
        #expect(judged.first?["clock"] == nil)
    }

    /// Scenario selection keeps the requested order and rejects unknown names.
    @Test func registrySelectsByName() throws {
        let registry = ScenarioRegistry([
            .init("a") { _ in SyntheticWorkload(work: 1) }, .init("b") { _ in SyntheticWorkload(work: 2) },
        ])
        #expect(try registry.select(nil).map(\.name) == ["a", "b"])
        #expect(try registry.select("b, a").map(\.name) == ["b", "a"])
        #expect(throws: BenchError.unknownScenario("c", known: ["a", "b"])) { try registry.select("a,c") }
    }
}

/// A workload that declares itself parallel and processes no entities.
private final class ParallelWorkload: Workload {
    /// "parallel".
    var name: String { "parallel" }
    /// No parameters.
    var params: [String: Int] { [:] }
    /// No entities.
    var entitiesPerFrame: Int { 0 }
    /// No memory traffic to speak of.
    var bytesPerFrame: Int { 0 }
    /// Declared parallel.
    var isParallel: Bool { true }
    /// Does nothing.
    func runFrame() {}
}

/// A workload that checks a speedup, as the render-state cache scenario does.
private final class SpeedupWorkload: SelfJudgingWorkload {
    /// "speedup".
    var name: String { "speedup" }
    /// No parameters.
    var params: [String: Int] { [:] }
    /// No entities.
    var entitiesPerFrame: Int { 0 }
    /// No memory traffic to speak of.
    var bytesPerFrame: Int { 0 }
    /// Runs on the calling thread.
    var isParallel: Bool { false }
    /// Does nothing.
    func runFrame() {}

    /// Fails: 150x is below the required 180x.
    func judge(_ samples: FrameSamples, settings: RunSettings) -> Judgement {
        Judgement(
            judged: [JudgedFigure(statistic: "speedup", value: 150, limit: 180, unit: .ratio, rule: .atLeast)],
            reason: "speedup 150x < required 180x", metrics: ["cached_ns": 2])
    }
}
