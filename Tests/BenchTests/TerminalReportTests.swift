import Testing

@testable import Bench
@testable import BenchKit

/// Tests of the terminal table: 120 columns by default, the judged figure, the closing verdict
/// line, and `--wide`.
struct TerminalReportTests {
    private static let longReason =
        "cached vs recomputed (100: 312x, 1000: 830x, 100000: 45012x), min 312x; "
        + "1000 reads best 0.0073 ms (median 0.0081) <= 0.01 ms"

    /// Every default scenario with long parameters, a long self-judged reason, a self-judged
    /// frame-time figure and, when `failing`, a budget failure and a failing cache speedup.
    private static func realisticRun(failing: Bool = false) -> RunResult {
        let scenarios = ScenarioRegistry.standard.names.enumerated().map { index, name -> ScenarioResult in
            var scenario = Fixtures.scenario(name: name, cpuNs: [1_110_000, 1_050_000, 1_200_000])
            if name == "cache" {
                scenario = Self.evaluate(SpeedupCheck(speedup: failing ? 150 : 312))
            }
            if name == "render" {
                scenario.judged = [
                    JudgedFigure(
                        statistic: "median of batch minima", clock: .cpu, value: 15.13, limit: 20,
                        unit: .frameMilliseconds, rule: .atMost)
                ]
                scenario.reason = "CPU 15.13 ms (median of 10-frame minima; median 15.80 ms) <= 20 ms to draw "
                    + "50000000 particles at 1920x1080"
            }
            if failing, index == 0 {
                scenario = Fixtures.scenario(name: name, cpuNs: [20_100_000])
            }
            scenario.params = ["particles": 50_000_000, "threads": 1024, "seed_stream": 123_456_789]
            scenario.limitRatio = 23.61
            return scenario
        }
        return Fixtures.run(scenarios)
    }

    /// The default table fits 120 columns on every line, keeps one line per scenario and shows
    /// each row's judged figures, never its reason: the budget's p99, a self-judged frame-time
    /// figure, and both cache figures cut with "…".
    @Test func defaultTableFits120Columns() {
        let run = Self.realisticRun()
        let lines = RunReport.terminal(run, wide: false).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "")
        #expect(lines.count == run.scenarios.count + 3)
        for line in lines {
            #expect(line.count <= RunReport.narrowWidth, "\(line.count): \(line)")
        }
        let cacheLine = lines.first { $0.hasPrefix("cache ") } ?? ""
        #expect(cacheLine.contains("min speedup 312x ≥ 180x; 1000 reads"))
        #expect(cacheLine.hasSuffix("…"))
        #expect(lines.first { $0.hasPrefix("confetti ") }?.hasSuffix("p99 CPU 1.20 ms ≤ 16.67 ms") == true)
        #expect(lines.first { $0.hasPrefix("render ") }?.contains("median of batch minima CPU 15.13 ms") == true)
        #expect(!lines.contains { $0.contains("cached vs recomputed") || $0.contains("to draw") })
    }

    /// A scenario without figures, as in a file written before they were recorded, shows its
    /// reason in the judged column.
    @Test func aScenarioWithoutFiguresShowsItsReason() {
        var scenario = Fixtures.scenario(name: "render", cpuNs: [15_000_000])
        scenario.judged = []
        scenario.reason = "median CPU 15.13 ms <= 16 ms to draw 100000 particles at 1920x1080"
        let text = RunReport.terminal(Fixtures.run([scenario]), wide: false)
        #expect(text.contains("median CPU 15.13 ms <= 16 ms to draw"))
    }

    /// Whole thousands and millions are abbreviated in the params column, and a wider
    /// terminal shows a scenario's parameters whole.
    @Test func paramsAreCompactAndAWiderTerminalShowsThemWhole() {
        var scenario = Fixtures.scenario(name: "render", cpuNs: [15_000_000])
        scenario.params = ["height": 1080, "particles": 100_000, "threads": 1, "width": 1920, "samples": 2_000_000]
        let params = "height=1080 particles=100k samples=2M threads=1 width=1920"
        let others = ScenarioRegistry.standard.names.map { name -> ScenarioResult in
            var other = Fixtures.scenario(name: name, cpuNs: [1_000_000])
            other.reason = Self.longReason
            return other
        }
        let wide = RunReport.terminal(Fixtures.run([scenario] + others), wide: false, width: 200)
        #expect(wide.contains(params))
        for line in wide.split(separator: "\n") { #expect(line.count <= 200) }
    }

    /// A debug build's report with long parameters and reasons still fits 120 columns.
    @Test func notJudgedTableFits120Columns() {
        let scenarios = ScenarioRegistry.standard.names.map { name -> ScenarioResult in
            var scenario = ScenarioEvaluator(settings: Fixtures.settings, bandwidth: nil, judged: false)
                .evaluate(SpeedupCheck(speedup: 312), samples: Self.oneFrame)
            scenario.name = name
            scenario.params = ["particles": 50_000_000, "threads": 1024, "seed_stream": 123_456_789]
            scenario.reason = Self.longReason
            return scenario
        }
        for line in RunReport.terminal(Fixtures.run(scenarios), wide: false).split(separator: "\n") {
            #expect(line.count <= RunReport.narrowWidth, "\(line.count): \(line)")
        }
    }

    /// `--wide` prints every column, the full figures and the full reasons.
    @Test func wideTableKeepsFullReasons() {
        let text = RunReport.terminal(Self.realisticRun(), wide: true)
        #expect(text.contains(Self.longReason))
        #expect(text.contains("min speedup 312x ≥ 180x; 1000 reads, median of batch minima CPU 0.0073 ms ≤ 0.01 ms"))
        #expect(text.contains("cpu p95 ms") && text.contains("wall p99 ms"))
        #expect(text.contains("particles=50000000 seed_stream=123456789 threads=1024"))
        #expect(!text.contains("…"))
    }

    /// The report ends with exactly one verdict line: pass with the count of every scenario.
    @Test func passVerdictLine() {
        let run = Self.realisticRun()
        let count = run.scenarios.count
        #expect(count == ScenarioRegistry.standard.names.count && count > 1)
        let text = RunReport.terminal(run, wide: false)
        #expect(text.hasSuffix("\nverdict: pass (\(count)/\(count))\n"))
        #expect(text.components(separatedBy: "verdict: ").count == 2)
    }

    /// A failing run names every failing scenario with its figures, the failing one first.
    @Test func failVerdictLineNamesEveryFailure() {
        let run = Self.realisticRun(failing: true)
        let expected =
            "verdict: FAIL: confetti (p99 CPU 20.10 ms > 16.67 ms), cache (min speedup 150x < 180x; "
            + "1000 reads, median of batch minima CPU 0.0073 ms ≤ 0.01 ms)"
        #expect(VerdictLine.of(run) == expected)
        #expect(RunReport.terminal(run, wide: true).hasSuffix("\n" + expected + "\n"))
        #expect(RunReport.terminal(run, wide: false).hasSuffix("\nverdict: FAIL: confetti, cache\n"))
        #expect(VerdictLine.of(run, maxWidth: 40) == "verdict: FAIL: confetti, cache")
    }

    /// When the speedup holds but the reads are too slow, the reads figure comes first.
    @Test func theFailingFigureComesFirst() {
        let slowReads = Self.evaluate(SpeedupCheck(speedup: 312, readsMs: 0.02))
        #expect(slowReads.verdict == .fail)
        #expect(VerdictLine.of(Fixtures.run([slowReads])) == "verdict: FAIL: cache (1000 reads, median of batch "
            + "minima CPU 0.0200 ms > 0.01 ms; min speedup 312x ≥ 180x)")
        let row = RunReport.terminal(Fixtures.run([slowReads]), wide: false).split(separator: "\n")
            .first { $0.hasPrefix("cache ") } ?? ""
        #expect(row.contains("fail     1000 reads, median of batch minima CPU 0.0200 ms >"))
    }

    /// A debug build's run says it was not judged, and why; its figures compare with "vs".
    @Test func notJudgedVerdictLine() {
        let scenarios = ["confetti", "cache"].map { name in
            ScenarioEvaluator(settings: Fixtures.settings, bandwidth: nil, judged: false)
                .evaluate(SyntheticWorkload(work: 1), samples: FrameSamples(cpuNs: [1_000_000], wallNs: [1_000_000], processCPUNs: nil))
        }
        let run = Fixtures.run(scenarios)
        #expect(VerdictLine.of(run) == "verdict: not_judged (2/2: debug build: timings not judged against budgets)")
        #expect(RunReport.terminal(run, wide: false).contains("p99 CPU 1.00 ms vs 16.67 ms"))
    }

    /// The evaluator keeps the judge's figures: the budget's p99 on CPU time (wall time for a
    /// parallel scenario), a self-judging scenario's own figures, also when not judged; its
    /// ratio figure is the result's speedup and required speedup.
    @Test func judgedFigures() {
        let budget = Fixtures.scenario(cpuNs: [1_110_000])
        #expect(budget.judged == [
            JudgedFigure(statistic: "p99", clock: .cpu, value: 1.11, limit: 1000 / 60, unit: .frameMilliseconds, rule: .atMost)
        ])
        #expect(budget.judged.first?.summary() == "p99 CPU 1.11 ms ≤ 16.67 ms")
        #expect(Fixtures.scenario(cpuNs: [20_000_000]).judged.first?.summary() == "p99 CPU 20.00 ms > 16.67 ms")
        let cache = Self.evaluate(SpeedupCheck(speedup: 312))
        #expect(cache.judged == SpeedupCheck(speedup: 312).figures)
        #expect(cache.speedup == 312 && cache.requiredSpeedup == 180)
        let unjudged = ScenarioEvaluator(settings: Fixtures.settings, bandwidth: nil, judged: false)
            .evaluate(SpeedupCheck(speedup: 150), samples: Self.oneFrame)
        #expect(unjudged.verdict == .notJudged && unjudged.judged == cache.judged.map {
            var figure = $0
            figure.value = $0.unit == .ratio ? 150 : $0.value
            return figure
        })
        #expect(Self.evaluate(SyntheticWorkload(work: 1)).speedup == nil)
    }

    /// One frame of 1 ms.
    private static let oneFrame = FrameSamples(cpuNs: [1_000_000], wallNs: [1_000_000], processCPUNs: nil)

    /// `workload` judged over `oneFrame`.
    private static func evaluate(_ workload: any Workload) -> ScenarioResult {
        ScenarioEvaluator(settings: Fixtures.settings, bandwidth: nil, judged: true).evaluate(workload, samples: oneFrame)
    }

    /// A fitted table cuts only the listed columns, to their minimums, and pads the rest.
    @Test func fittedTableCutsListedColumns() {
        let table = TextTable(headers: ["a", "b"], rows: [["xxxxxxxxxx", "yyyyyyyyyy"]])
        #expect(table.aligned(fitting: 12, shrinking: [(column: 1, minimum: 4)]) == "a           b\nxxxxxxxxxx  yyy…\n")
        #expect(table.aligned(fitting: 100, shrinking: [(column: 1, minimum: 4)]) == table.aligned)
    }
}

/// A self-judging "cache" scenario that needs a speedup of at least 180x and 1000 reads within
/// 0.01 ms, with a long reason.
private final class SpeedupCheck: SelfJudgingWorkload {
    /// The speedup it reports.
    let speedup: Double
    /// The time of 1000 reads it reports, in ms.
    let readsMs: Double

    /// A check reporting `speedup` and `readsMs`.
    init(speedup: Double, readsMs: Double = 0.0073) {
        self.speedup = speedup
        self.readsMs = readsMs
    }

    /// "cache".
    var name: String { "cache" }
    /// No parameters.
    var params: [String: Int] { [:] }
    /// One entity.
    var entitiesPerFrame: Int { 1 }
    /// No memory traffic.
    var bytesPerFrame: Int { 0 }
    /// Runs on the calling thread.
    var isParallel: Bool { false }
    /// Does nothing.
    func runFrame() {}

    /// The speedup against 180x, then the reads against 0.01 ms.
    var figures: [JudgedFigure] {
        [
            JudgedFigure(statistic: "min speedup", value: speedup, limit: 180, unit: .ratio, rule: .atLeast),
            JudgedFigure(
                statistic: "1000 reads, median of batch minima", clock: .cpu, value: readsMs, limit: 0.01,
                unit: .milliseconds, rule: .atMost),
        ]
    }

    /// Passes when both figures do.
    func judge(_ samples: FrameSamples, settings: RunSettings) -> Judgement {
        Judgement(
            judged: figures,
            reason: "cached vs recomputed (100: \(Int(speedup))x, 1000: 830x, 100000: 45012x), min \(Int(speedup))x; "
                + "1000 reads best 0.0073 ms (median 0.0081) <= 0.01 ms")
    }
}
