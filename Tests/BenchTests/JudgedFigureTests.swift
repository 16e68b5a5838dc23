import Foundation
import Testing

@testable import Bench
@testable import BenchKit

/// Tests of the figures verdicts rest on: their rules, summaries, JSON, and the judges'
/// verdicts agreeing with them.
@Suite("Judged figures")
struct JudgedFigureTests {
    /// A p99 CPU frame time against a 60 fps budget.
    private static func p99(_ value: Double) -> JudgedFigure {
        JudgedFigure(statistic: "p99", clock: .cpu, value: value, limit: 1000 / 60, unit: .frameMilliseconds, rule: .atMost)
    }

    /// A speedup against the required 180x.
    private static func speedup(_ value: Double) -> JudgedFigure {
        JudgedFigure(statistic: "min speedup", value: value, limit: 180, unit: .ratio, rule: .atLeast)
    }

    /// At most and at least both include the limit itself.
    @Test func rulesIncludeTheLimit() {
        #expect(Self.p99(1000 / 60).passes && !Self.p99(16.67).passes)
        #expect(Self.speedup(180).passes && !Self.speedup(179.99).passes)
        #expect(!Self.p99(.nan).passes && !Self.speedup(.nan).passes)
    }

    /// Summaries name statistic and clock and compare the numbers; "vs" when not judged.
    @Test func summariesReadAsComparisons() {
        #expect(Self.p99(1.11).summary() == "p99 CPU 1.11 ms ≤ 16.67 ms")
        #expect(Self.p99(20.1).summary() == "p99 CPU 20.10 ms > 16.67 ms")
        #expect(Self.p99(1.11).summary(judged: false) == "p99 CPU 1.11 ms vs 16.67 ms")
        #expect(Self.speedup(310).summary() == "min speedup 310x ≥ 180x")
        #expect(Self.speedup(127).summary() == "min speedup 127x < 180x")
        var wall = Self.p99(3.25)
        wall.clock = .wall
        #expect(wall.summary() == "p99 wall 3.25 ms ≤ 16.67 ms")
        let reads = JudgedFigure(
            statistic: "1000 reads", clock: .cpu, value: 0.004, limit: 0.01, unit: .milliseconds, rule: .atMost)
        #expect(reads.summary() == "1000 reads CPU 0.0040 ms ≤ 0.01 ms")
        #expect(Self.p99(0.0031).summary() == "p99 CPU 0.0031 ms ≤ 16.67 ms")
    }

    /// A value just past its limit never prints equal to it.
    @Test func aValueJustPastItsLimitGetsMoreDecimals() {
        #expect(Self.p99(16.668).summary() == "p99 CPU 16.668 ms > 16.667 ms")
        #expect(Self.speedup(179.6).summary() == "min speedup 179.6x < 180x")
        #expect(Self.speedup(180).summary() == "min speedup 180x ≥ 180x")
        var render = Self.p99(17.1)
        render.limit = 20
        #expect(render.summary() == "p99 CPU 17.10 ms ≤ 20 ms")
    }

    /// Failing figures come first, each group in its own order; no figures, no summary.
    @Test func failingFiguresComeFirst() {
        let figures = [Self.p99(1), Self.speedup(100), Self.p99(2), Self.p99(30)]
        #expect(JudgedFigure.failingFirst(figures) == [Self.speedup(100), Self.p99(30), Self.p99(1), Self.p99(2)])
        #expect(JudgedFigure.summary(of: [Self.speedup(310), Self.p99(30)]) == "p99 CPU 30.00 ms > 16.67 ms; min speedup 310x ≥ 180x")
        #expect(JudgedFigure.summary(of: []) == nil)
    }

    /// A judgement passes exactly when it has figures and every one passes.
    @Test func aJudgementPassesIffEveryFigurePasses() {
        #expect(Judgement(judged: [Self.p99(1), Self.speedup(200)], reason: "").verdict == .pass)
        #expect(Judgement(judged: [Self.p99(1), Self.speedup(100)], reason: "").verdict == .fail)
        #expect(Judgement(judged: [Self.p99(20), Self.speedup(200)], reason: "").verdict == .fail)
        #expect(Judgement(judged: [], reason: "").verdict == .fail)
    }

    /// The budget and cache judges return verdicts that agree with their figures, on
    /// passing and failing inputs.
    @Test func theJudgesVerdictsAgreeWithTheirFigures() throws {
        func agrees(_ judgement: Judgement) -> Bool {
            !judgement.judged.isEmpty && (judgement.verdict == .pass) == judgement.judged.allSatisfy(\.passes)
        }
        for ms: Double in [1, 16, 16.6, 16.7, 40] {
            let frames = Array(repeating: UInt64(ms * 1e6), count: 20)
            for parallel in [false, true] {
                let judgement = BudgetJudge.judge(FrameSamples(cpuNs: frames, wallNs: frames), parallel: parallel, budgetMs: 1000 / 60)
                #expect(agrees(judgement), "budget \(ms) ms")
                #expect(judgement.judged.first?.clock == (parallel ? .wall : .cpu))
            }
        }
        let settings = RunSettings(particles: 100, frames: 20, warmup: 0, fps: 60, seed: 1, threads: 1, snapshot: nil)
        let cache = try RenderCacheWorkload(seed: 1)
        for _ in 0..<10 { cache.runFrame() }
        let judgement = cache.judge(FrameSamples(cpuNs: [1], wallNs: [1]), settings: settings)
        #expect(agrees(judgement))
        #expect(judgement.judged.map(\.unit) == [.ratio, .milliseconds])
        #expect(judgement.judged.map(\.limit) == [RenderCacheWorkload.requiredSpeedup, RenderCacheWorkload.cachedBudgetMs])
        #expect(judgement.judged[0].value == RenderCacheWorkload.sizes.compactMap { judgement.metrics["speedup_\($0)"] }.min())
    }

    /// A figure is written as an object of its six fields (no clock for a ratio) and read back.
    @Test func figuresRoundTripThroughJSON() throws {
        let figures = [Self.p99(1.11), Self.speedup(310)]
        let data = try ResultCoding.encode(figures)
        let objects = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(Set(objects[0].keys) == ["statistic", "clock", "value", "limit", "unit", "rule"])
        #expect(objects[0]["clock"] as? String == "cpu" && objects[0]["unit"] as? String == "ms/frame")
        #expect(objects[0]["rule"] as? String == "at_most")
        #expect(Set(objects[1].keys) == ["statistic", "value", "limit", "unit", "rule"])
        #expect(try JSONDecoder().decode([JudgedFigure].self, from: data) == figures)
        let unknownRule = Data(#"[{"statistic": "p99", "value": 1, "limit": 2, "unit": "ms", "rule": "near"}]"#.utf8)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([JudgedFigure].self, from: unknownRule) }
    }
}
