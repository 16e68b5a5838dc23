import Foundation

@testable import Bench
@testable import BenchKit

/// A workload that sums `work` integers per frame.
final class SyntheticWorkload: Workload {
    /// Integers summed per frame.
    let work: Int
    /// Frames run so far.
    private(set) var frames = 0
    /// The thread CPU time each frame's own work took, measured inside the frame.
    private(set) var ownCPUNs: [UInt64] = []
    private var sink = 0

    /// A workload summing `work` integers per frame.
    init(work: Int) {
        self.work = work
    }

    /// "synthetic".
    var name: String { "synthetic" }
    /// The work per frame.
    var params: [String: Int] { ["work": work] }
    /// One entity per integer.
    var entitiesPerFrame: Int { work }
    /// No memory traffic to speak of.
    var bytesPerFrame: Int { 0 }
    /// Runs on the calling thread.
    var isParallel: Bool { false }

    /// Sums the integers.
    func runFrame() {
        let start = Clocks.threadCPU()
        var total = sink
        for value in 0..<work {
            total = total &+ value
        }
        sink = total
        frames += 1
        ownCPUNs.append(Clocks.threadCPU() &- start)
    }
}

/// Helpers shared by the tests.
enum Fixtures {
    /// 20 frames after 2 warmup at 60 fps.
    static let settings = RunSettings(
        particles: 1000, frames: 20, warmup: 2, fps: 60, seed: 1, threads: 1, snapshot: nil)

    /// A fixed environment.
    static let environment = Environment(
        cpuModel: "test cpu", cores: 2, os: "test os", swiftVersion: "6.3.1",
        swiftCompiler: ">=6.3", buildConfiguration: "debug", commit: "abc1234",
        loadAverage: [0.5, 0.4, 0.3], confettiKernels: "portable")

    /// A scenario result with the given raw CPU samples (wall equal to CPU).
    static func scenario(name: String = "synthetic", cpuNs: [UInt64]) -> ScenarioResult {
        let samples = FrameSamples(cpuNs: cpuNs, wallNs: cpuNs, processCPUNs: nil)
        return ScenarioEvaluator(settings: settings, bandwidth: nil, judged: true)
            .evaluate(SyntheticWorkload(work: 10), samples: samples)
            .renamed(name)
    }

    /// A run holding `scenarios`.
    static func run(_ scenarios: [ScenarioResult]) -> RunResult {
        RunResult(
            schema: RunResult.currentSchema, createdAt: "2026-01-01T00:00:00Z",
            environment: environment, settings: settings, scenarios: scenarios,
            verdict: Verdict.overall(scenarios.map(\.verdict)),
            rounds: [RoundRecord(index: 0, createdAt: "2026-01-01T00:00:00Z", loadAverage: environment.loadAverage)])
    }

    /// A fresh empty directory under the temporary directory.
    static func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "bench-tests-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }
}

extension ScenarioResult {
    fileprivate func renamed(_ name: String) -> ScenarioResult {
        var copy = self
        copy.name = name
        return copy
    }
}
