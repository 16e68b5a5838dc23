import CBench
import Foundation
import Testing

@testable import Bench
@testable import BenchKit

/// Tests of the gate thresholds and allocation counter.
struct GateTests {
    private let thresholds = Thresholds(
        buildConfiguration: "release",
        workloads: [
            "w": Thresholds.Expectation(instructions: 1_000_000, allocations: 3, counters: ["frames": 20])
        ])

    private func measurement(
        instructions: UInt64? = 1_000_000, allocations: UInt64? = 0, allocationFree: Bool = false,
        counters: [String: Int] = ["frames": 20]
    ) -> GateMeasurement {
        GateMeasurement(
            name: "w", instructions: instructions, allocations: allocations,
            allocationFree: allocationFree, counters: counters)
    }

    private func verdicts(_ measurement: GateMeasurement) -> [String: Verdict] {
        Dictionary(
            uniqueKeysWithValues: GateEvaluator(thresholds: thresholds).evaluate([measurement])
                .map { ($0.metric, $0.verdict) })
    }

    /// Instructions within tolerance pass.
    @Test func instructionsWithinTolerancePass() {
        #expect(verdicts(measurement(instructions: 1_010_000))["instructions"] == .pass)
        #expect(verdicts(measurement(instructions: 1_020_000))["instructions"] == .pass)
        #expect(verdicts(measurement(instructions: 900_000))["instructions"] == .pass)
    }

    /// Instructions ten percent over fail.
    @Test func instructionsTenPercentOverFail() {
        #expect(verdicts(measurement(instructions: 1_100_000))["instructions"] == .fail)
        #expect(verdicts(measurement(instructions: 1_020_001))["instructions"] == .fail)
        let report = GateReport(findings: GateEvaluator(thresholds: thresholds).evaluate([measurement(instructions: 1_100_000)]))
        #expect(ExitStatus(report.verdict) == .failure)
    }

    /// Allocation free workloads must not allocate.
    @Test func allocationFreeWorkloadsMustNotAllocate() {
        #expect(verdicts(measurement(allocations: 3))["allocations"] == .pass)
        #expect(verdicts(measurement(allocations: 4))["allocations"] == .fail)
        #expect(verdicts(measurement(allocations: 1, allocationFree: true))["allocations"] == .fail)
        #expect(verdicts(measurement(allocations: nil))["allocations"] == nil)
    }

    /// Counters must match exactly, each in its own row; a counter on one side only fails.
    @Test func countersMustMatchExactly() {
        #expect(verdicts(measurement())["counter frames"] == .pass)
        #expect(verdicts(measurement(counters: ["frames": 21]))["counter frames"] == .fail)
        let extra = verdicts(measurement(counters: ["frames": 20, "spawned": 3]))
        #expect(extra["counter frames"] == .pass)
        #expect(extra["counter spawned"] == .fail)
        #expect(verdicts(measurement(counters: [:]))["counter frames"] == .fail)
    }

    /// The table ends with a verdict line: the workloads passed, or every failed check.
    @Test func theReportEndsWithAVerdictLine() {
        let evaluator = GateEvaluator(thresholds: thresholds)
        #expect(GateReport(findings: evaluator.evaluate([measurement()])).verdictLine == "verdict: pass (1/1)")
        let failed = GateReport(findings: evaluator.evaluate([measurement(allocations: 4, counters: ["frames": 21])]))
        #expect(failed.verdictLine == "verdict: FAIL: w allocations 4 (threshold <= 3), w counter frames 21 (threshold 20)")
    }

    /// Unknown workload fails.
    @Test func unknownWorkloadFails() {
        var unknown = measurement()
        unknown.name = "new"
        let findings = GateEvaluator(thresholds: thresholds).evaluate([unknown])
        #expect(findings.map(\.verdict) == [.fail])
    }

    /// An update keeps the quantities it did not measure.
    @Test func updateKeepsUnmeasuredQuantities() {
        let previous = thresholds.workloads["w"]
        let updated = measurement(instructions: nil, allocations: 0, counters: ["frames": 5])
            .expectation(keeping: previous)
        #expect(updated.instructions == 1_000_000)
        #expect(updated.allocations == 0)
        #expect(updated.counters == ["frames": 5])
    }

    /// The committed thresholds count a cached render-state read, and a cached read with twice
    /// the instructions fails the gate.
    @Test func aCachedReadWithTwiceTheInstructionsFailsTheCommittedGate() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Benchmarks/thresholds.json").standardized.path
        let committed = try #require(try ThresholdsFile.load(path, required: true))
        let expectation = try #require(committed.workloads["cache.read"])
        let recorded = try #require(expectation.instructions)
        let reads = UInt64(CacheReadWorkload.reads * committed.iterations)
        #expect(recorded / reads < 40, "a cached read is a handful of instructions")
        func verdict(_ instructions: UInt64) -> Verdict? {
            let measured = GateMeasurement(
                name: "cache.read", instructions: instructions, allocations: 0, allocationFree: true,
                counters: expectation.counters)
            return GateEvaluator(thresholds: committed).evaluate([measured])
                .first { $0.metric == "instructions" }?.verdict
        }
        #expect(verdict(recorded) == .pass)
        #expect(verdict(2 * recorded) == .fail)
        let registered = try #require(try ScenarioRegistry.standard.select("cache.read").first)
        #expect(try registered.make(GateMeasurer(thresholds: committed, instructionCounter: nil).settings(for: registered))
            is any AllocationFreeWorkload)
    }

    /// Callgrind total is parsed.
    @Test func callgrindTotalIsParsed() {
        let output = """
            ==123== Callgrind, a call-graph generating cache profiler
            ==123==
            ==123== Events    : Ir
            ==123== Collected : 267743773
            ==123==
            ==123== I   refs:      267,743,773
            """
        #expect(InstructionCounter.collected(in: output) == 267_743_773)
        #expect(InstructionCounter.collected(in: "no totals") == nil)
    }

    /// Whether this process counts allocations (not when a sanitizer owns malloc).
    private static let countingAllocations = cbench_alloc_counting_available() != 0

    /// Calibration does not allocate in its frame loop; where a sanitizer owns malloc, the
    /// count is reported as unavailable rather than as zero.
    @Test func calibrationDoesNotAllocateInItsFrameLoop() throws {
        var plan = thresholds
        plan.particles = 1000
        let entry = try #require(try ScenarioRegistry.standard.select("calibration").first)
        let result = try AllocationCounting.exclusively {
            try GateMeasurer(thresholds: plan, instructionCounter: nil).measure(entry)
        }
        #expect(result.allocationFree)
        #expect(result.allocations == (Self.countingAllocations ? 0 : nil))
        #expect(result.counters == ["frames": plan.warmup + plan.iterations, "particles_stepped": 23_000])
    }

    /// The hidden child option names its own problem: a selection of no scenario used to be
    /// reported as a missing `--iterations`.
    @Test func countOfNoScenarioSaysSo() {
        let known = ScenarioRegistry.standard.selectableNames.joined(separator: ", ")
        #expect(ResultFiles.failure(["gate", "--count", ",", "--iterations", "1"])?.line == "--count names no scenario (got ','); choose from \(known)")
        #expect(ResultFiles.failure(["gate", "--count", "calibration"])?.line == "--count needs --iterations")
    }

    /// Allocation counter sees allocations.
    @Test(.enabled(if: countingAllocations, "a sanitizer owns malloc: allocations are not counted"))
    func allocationCounterSeesAllocations() throws {
        let entry = ScenarioRegistry.Entry("allocating") { _ in AllocatingWorkload() }
        let result = try AllocationCounting.exclusively {
            try GateMeasurer(thresholds: thresholds, instructionCounter: nil).measure(entry)
        }
        #expect(try #require(result.allocations) >= UInt64(thresholds.iterations))
    }
}

/// A workload that allocates a fresh array every frame.
private final class AllocatingWorkload: Workload {
    private var kept: [Int] = []
    /// "allocating".
    var name: String { "allocating" }
    /// No parameters.
    var params: [String: Int] { [:] }
    /// No entities.
    var entitiesPerFrame: Int { 0 }
    /// No memory traffic to speak of.
    var bytesPerFrame: Int { 0 }
    /// Runs on the calling thread.
    var isParallel: Bool { false }
    /// Replaces the kept array with a new one.
    func runFrame() {
        kept = Array(repeating: kept.count + 1, count: 64)
    }
}
