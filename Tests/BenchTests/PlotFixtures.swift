import Foundation
import ECS

@testable import Bench
@testable import BenchKit

/// Synthetic runs and histories for the plot tests.
enum PlotFixtures {
    /// The committed reference images of the plot tests, next to this file.
    static let references = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("References").path

    /// `count` frame times in ns around `baseMs`, a deterministic wobble plus a spike every 37th frame.
    static func frames(_ count: Int, baseMs: Double, spikeMs: Double = 0) -> [UInt64] {
        (0..<count).map { index in
            let wobble = 0.08 * baseMs * sin(Double(index) * 0.7) + (index % 37 == 36 ? spikeMs : 0)
            return UInt64((baseMs + wobble) * 1e6)
        }
    }

    /// A scenario judged the way `judgement` says, with the given CPU frame times and wall
    /// times 10% longer.
    static func scenario(
        _ name: String, params: [String: Int], cpuNs: [UInt64], judgement: Judgement
    ) -> ScenarioResult {
        let samples = FrameSamples(cpuNs: cpuNs, wallNs: cpuNs.map { $0 + $0 / 10 }, processCPUNs: nil)
        let cpu = FrameTimeSummary(nanoseconds: samples.cpuNs)
        let ratio = judgement.judged.first { $0.unit == .ratio }
        return ScenarioResult(
            name: name, params: params, samples: samples, verdict: judgement.verdict, reason: judgement.reason,
            frameCPUMs: cpu, frameWallMs: FrameTimeSummary(nanoseconds: samples.wallNs), nsPerEntity: nil,
            limitRatio: nil, speedup: ratio?.value, requiredSpeedup: ratio?.limit, metrics: judgement.metrics,
            judged: judgement.judged)
    }

    /// A scenario judged by `BudgetJudge` at 60 fps on its CPU time.
    static func budgetJudged(_ name: String, params: [String: Int] = [:], cpuNs: [UInt64]) -> ScenarioResult {
        let judgement = BudgetJudge.judge(FrameSamples(cpuNs: cpuNs, wallNs: cpuNs), parallel: false, budgetMs: Fixtures.settings.budgetMs)
        return scenario(name, params: params, cpuNs: cpuNs, judgement: judgement)
    }

    /// A run of four scenarios covering every way a panel is judged: a budget pass, a budget
    /// fail, a self-judged frame-time rule (median within 20 ms, passing above the budget) and
    /// a cache check whose frame times look fine, failing its speedup and passing its reads.
    static var mixedRun: RunResult {
        let render = frames(120, baseMs: 18.5, spikeMs: 6)
        let renderMedian = Percentiles.median(render.map { Double($0) }) / 1e6
        var run = Fixtures.run([
            budgetJudged("confetti", params: ["particles": 100_000, "threads": 1], cpuNs: frames(120, baseMs: 6, spikeMs: 3)),
            budgetJudged("ecs.schedule", params: ["entities": 40_000], cpuNs: frames(120, baseMs: 15, spikeMs: 9)),
            scenario(
                "render", params: ["particles": 100_000, "width": 1920, "height": 1080], cpuNs: render,
                judgement: Judgement(
                    judged: [
                        JudgedFigure(
                            statistic: "median", clock: .cpu, value: renderMedian, limit: 20, unit: .frameMilliseconds,
                            rule: .atMost)
                    ],
                    reason: "median CPU \(String(format: "%.2f", renderMedian)) ms <= 20 ms to draw 100000 particles at 1920x1080")),
            scenario(
                "cache", params: ["reads": 1000], cpuNs: frames(120, baseMs: 2),
                judgement: Judgement(
                    judged: [
                        JudgedFigure(
                            statistic: "1000 reads", clock: .cpu, value: 0.004, limit: 0.01, unit: .milliseconds,
                            rule: .atMost),
                        JudgedFigure(statistic: "min speedup", value: 125.4, limit: 180, unit: .ratio, rule: .atLeast),
                    ],
                    reason: "cached vs recomputed (100: 125x, 1000: 300x, 100000: 900x), min 125x < 180x; "
                        + "1000 reads best 0.0040 ms (median 0.0050 ms) <= 0.01 ms")),
        ])
        run.settings.frames = 120
        run.environment.buildConfiguration = "release"
        return run
    }

    /// Two scenarios over eight commits, one where two regressions and an improvement begin
    /// and one without a change; each commit's round medians span ±3%.
    static var history: [HistorySeries] {
        let commits = (0..<8).map { String(format: "%07x%033x", 0xa1b2c3 + $0 * 4099, $0) }
        func series(_ name: String, _ medians: [Double], changes: [Int: Double]) -> HistorySeries {
            HistorySeries(
                scenario: name, minimumEffect: 0.04,
                points: medians.enumerated().map { index, median in
                    HistoryPoint(
                        commit: commits[index], date: "2026-11-\(String(format: "%02d", 10 + index))", runs: 1,
                        rounds: 5, frameMs: median, lowMs: median * 0.97, highMs: median * 1.03, change: nil,
                        changePoint: changes[index].map {
                            HistoryChange(change: $0, pValue: 1e-5, direction: $0 > 0 ? .regression : .improvement)
                        })
                })
        }
        return [
            series(
                "confetti (particles 100000)", [6.1, 6.0, 6.2, 7.9, 7.8, 6.1, 6.0, 9.4],
                changes: [3: 0.29, 5: -0.22, 7: 0.55]),
            series("render (particles 100000)", [19.0, 18.7, 18.9, 18.2, 18.4, 18.1, 18.3, 18.0], changes: [:]),
        ]
    }
}
