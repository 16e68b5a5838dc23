import Foundation
import Testing

@testable import Bench
@testable import BenchKit

/// Hitches and the worst frame: the hitch count and time per second of play, verdicts judged
/// on the worst frame or a hitch budget, the options that ask for them, and where they show.
struct HitchTests {
    /// `milliseconds` as frame times in nanoseconds.
    static func frames(_ milliseconds: [Double]) -> [UInt64] {
        milliseconds.map { UInt64($0 * 1e6) }
    }

    @Test func hitchesAreTheFramesOverTheThresholdAndTheirTimeBeyondIt() {
        // 60 frames at 60 fps are one second of play: two hitches, 2 and 6 ms beyond 8 ms.
        let times = Array(repeating: 1.0, count: 58) + [10, 14]
        let hitches = HitchSummary(nanoseconds: Self.frames(times), thresholdMs: 8, fps: 60)
        #expect(hitches.count == 2)
        #expect(abs(hitches.msPerSecond - 8) < 1e-9)
        let smooth = HitchSummary(nanoseconds: Self.frames([8, 8, 8]), thresholdMs: 8, fps: 60)
        #expect(smooth.count == 0 && smooth.msPerSecond == 0, "a frame at the threshold is not a hitch")
    }

    @Test func roundsJoinTheirCountsAndSpreadTheirTimeOverEveryFrame() throws {
        let first = HitchSummary(nanoseconds: Self.frames(Array(repeating: 1, count: 59) + [14]), thresholdMs: 8, fps: 60)
        let second = HitchSummary(nanoseconds: Self.frames(Array(repeating: 1, count: 60)), thresholdMs: 8, fps: 60)
        let joined = try #require(HitchSummary.joined([(first, 60), (second, 60)]))
        #expect(joined.count == 1)
        #expect(abs(joined.msPerSecond - 3) < 1e-9, "6 ms of hitch over two seconds of play")
        let other = HitchSummary(nanoseconds: Self.frames([1]), thresholdMs: 4, fps: 60)
        #expect(HitchSummary.joined([(first, 60), (other, 1)]) == nil, "different thresholds do not join")
        #expect(HitchSummary.joined([]) == nil)
    }

    @Test func theWorstFrameFailsAVerdictTheP99Passes() {
        // 300 frames of 2 ms and one of 20 ms: p99 well within 16.67 ms, the worst frame not.
        let times = Self.frames(Array(repeating: 2, count: 300) + [20])
        let samples = FrameSamples(cpuNs: times, wallNs: times)
        let p99 = BudgetJudge.judge(samples, parallel: false, budgetMs: 1000 / 60)
        #expect(p99.verdict == .pass && p99.judged.map(\.statistic) == ["p99"])
        let worst = BudgetJudge.judge(samples, parallel: false, budgetMs: 1000 / 60, statistics: [.p99, .max])
        #expect(worst.verdict == .fail)
        #expect(worst.judged.map(\.statistic) == ["p99", "max"])
        #expect(worst.judged[1].value == 20 && worst.judged[1].clock == .cpu)
        #expect(worst.reason.contains("max CPU 20.00 ms > budget 16.67 ms"))
    }

    @Test func aParallelWorstFrameIsTheSlowestBatchMinimum() {
        // One slow batch of ten frames, and single slow frames a neighbour could cause.
        let times = Self.frames(Array(repeating: 2, count: 100) + Array(repeating: 30, count: 10) + [40, 2, 2])
        let judgement = BudgetJudge.judge(
            FrameSamples(cpuNs: times, wallNs: times), parallel: true, budgetMs: 1000 / 60, statistics: [.max])
        #expect(judgement.judged.map(\.statistic) == ["max of batch minima"])
        #expect(judgement.judged[0].value == 30 && judgement.verdict == .fail)
    }

    @Test func aHitchBudgetIsJudgedInMillisecondsPerSecond() {
        let times = Self.frames(Array(repeating: 1, count: 58) + [10, 14])
        let samples = FrameSamples(cpuNs: times, wallNs: times)
        let hitches = HitchSummary(nanoseconds: times, thresholdMs: 8, fps: 60)
        let strict = BudgetJudge.judge(samples, parallel: false, budgetMs: 1000 / 60, hitches: (hitches, 5))
        #expect(strict.verdict == .fail)
        #expect(strict.judged.last?.unit == .millisecondsPerSecond)
        #expect(strict.judged.last?.summary() == "hitch time CPU 8.00 ms/s > 5 ms/s")
        let lenient = BudgetJudge.judge(samples, parallel: false, budgetMs: 1000 / 60, hitches: (hitches, 10))
        #expect(lenient.verdict == .pass)
    }

    @Test func theOptionsSetTheStatisticsTheThresholdAndTheBudget() throws {
        let defaults = try BenchCommand<EcsBench>.parse([]).measure.settings(particles: 10)
        #expect(defaults.judge == [.p99] && defaults.hitchThreshold == nil && defaults.hitchBudget == nil)
        #expect(defaults.hitchThresholdMs == 1000.0 / 60 / 2)
        let asked = try BenchCommand<EcsBench>.parse(["--judge", "p99,max", "--hitch-threshold", "4", "--hitch-budget", "5"])
        let settings = asked.measure.settings(particles: 10)
        #expect(settings.judge == [.p99, .max] && settings.hitchThresholdMs == 4 && settings.hitchBudget == 5)
        for bad in [["--judge", "p95"], ["--judge", ""], ["--judge", "max,"], ["--hitch-threshold", "0"], ["--hitch-budget", "-1"],
                    ["--hitch-budget", "nan"]] {
            #expect(throws: (any Error).self, "\(bad)") { try BenchCommand<EcsBench>.parse(bad) }
        }
    }

    @Test func settingsKeepTheJudgingOptionsThroughJSON() throws {
        var settings = RunSettings(particles: 1, frames: 2, warmup: 0, fps: 60, seed: 1, threads: 1)
        let plain = try JSONSerialization.jsonObject(with: try ResultCoding.encode(settings)) as? [String: Any]
        #expect(plain?["judge"] == nil && plain?["hitch_threshold_ms"] == nil, "defaults are not written")
        settings.judge = [.max, .p99]
        settings.hitchThreshold = 5
        settings.hitchBudget = 2
        let data = try ResultCoding.encode(settings)
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(object?["judge"] as? [String] == ["p99", "max"])
        #expect(try JSONDecoder().decode(RunSettings.self, from: data) == settings)
    }

    /// A workload of fixed frames that a game judges on its worst frame.
    final class WorstFrameGame: WorstFrameWorkload {
        let name = "worst-frame-game"
        func runFrame() {}
    }

    @Test func aWorstFrameWorkloadIsJudgedOnItsWorstFrameAndEveryResultCountsHitches() throws {
        let times = Self.frames(Array(repeating: 2, count: 300) + [20])
        let samples = FrameSamples(cpuNs: times, wallNs: times)
        let evaluator = ScenarioEvaluator(settings: Fixtures.settings, bandwidth: nil, judged: true)
        let game = evaluator.evaluate(WorstFrameGame(), samples: samples)
        #expect(game.judged.map(\.statistic) == ["p99", "max"] && game.verdict == .fail)
        #expect(game.hitches?.count == 1 && game.hitches?.thresholdMs == Fixtures.settings.budgetMs / 2)
        let data = try ResultCoding.encode(game)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let hitches = try #require(object["hitches"] as? [String: Any])
        #expect(Set(hitches.keys) == ["threshold_ms", "count", "ms_per_second"])
        #expect(try JSONDecoder().decode(ScenarioResult.self, from: data) == game)
        let table = RunReport.table(ResultFiles.run([("confetti", 2e6)], seed: 3)).aligned
        #expect(table.contains("hitches") && table.contains("wall max ms"))
    }
}
