import Testing

@testable import Bench

/// Tests of the terminal table: 120 columns by default, the judged figure, the closing verdict
/// line, and `--wide`.
struct TerminalReportTests {
    private static let longReason =
        "cached vs recomputed (100: 312x, 1000: 830x, 100000: 45012x), min 312x; "
        + "1000 reads best 0.0073 ms (median 0.0081) <= 0.01 ms"

    /// Every default scenario with long parameters, a long self-judged reason and a failure.
    private static func realisticRun(failing: Bool = false) -> RunResult {
        let scenarios = ScenarioRegistry.standard.names.enumerated().map { index, name -> ScenarioResult in
            var scenario = Fixtures.scenario(name: name, cpuNs: [1_110_000, 1_050_000, 1_200_000])
            scenario.params = ["particles": 50_000_000, "threads": 1024, "seed_stream": 123_456_789]
            scenario.limitRatio = 23.61
            if name == "cache" {
                scenario = Self.evaluate(SpeedupCheck(speedup: failing ? 150 : 312, figure: nil))
                scenario.params = ["particles": 50_000_000, "threads": 1024, "seed_stream": 123_456_789]
            }
            if name == "render" {
                scenario.judged = nil
                scenario.reason = "median CPU 15.13 ms <= 16 ms to draw 50000000 particles at 1920x1080"
            }
            if failing, index == 0 {
                scenario = Fixtures.scenario(name: name, cpuNs: [20_100_000])
            }
            return scenario
        }
        return Fixtures.run(scenarios)
    }

    /// The default table fits 120 columns on every line, keeps one line per scenario, shows a
    /// budget row's figure alone, a self-judged row's figure and reason cut with "…", and a
    /// self-judged reason alone when the scenario names no figure.
    @Test func defaultTableFits120Columns() {
        let run = Self.realisticRun()
        let lines = RunReport.terminal(run, wide: false).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.last == "")
        #expect(lines.count == run.scenarios.count + 3)
        for line in lines {
            #expect(line.count <= RunReport.narrowWidth, "\(line.count): \(line)")
        }
        let cacheLine = lines.first { $0.hasPrefix("cache ") } ?? ""
        #expect(cacheLine.contains("speedup 312x ≥ 180x; c"))
        #expect(cacheLine.hasSuffix("…"))
        #expect(lines.first { $0.hasPrefix("confetti ") }?.hasSuffix("p99 1.20 ms ≤ 16.67") == true)
        #expect(lines.first { $0.hasPrefix("render ") }?.contains("median CPU 15.13 ms <= 16") == true)
    }

    /// A debug build's report with long parameters and reasons still fits 120 columns.
    @Test func notJudgedTableFits120Columns() {
        let scenarios = ScenarioRegistry.standard.names.map { name -> ScenarioResult in
            var scenario = ScenarioEvaluator(settings: Fixtures.settings, bandwidth: nil, judged: false)
                .evaluate(SpeedupCheck(speedup: 312, figure: nil), samples: Self.oneFrame)
            scenario.name = name
            scenario.params = ["particles": 50_000_000, "threads": 1024, "seed_stream": 123_456_789]
            scenario.judged = name == "render" ? nil : "p99 12345.67 ms vs 16.67"
            scenario.reason = Self.longReason
            return scenario
        }
        for line in RunReport.terminal(Fixtures.run(scenarios), wide: false).split(separator: "\n") {
            #expect(line.count <= RunReport.narrowWidth, "\(line.count): \(line)")
        }
    }

    /// `--wide` prints every column and the full reasons.
    @Test func wideTableKeepsFullReasons() {
        let text = RunReport.terminal(Self.realisticRun(), wide: true)
        #expect(text.contains(Self.longReason))
        #expect(text.contains("cpu p95 ms") && text.contains("wall p99 ms"))
        #expect(text.contains("particles=50000000 seed_stream=123456789 threads=1024"))
        #expect(!text.contains("…"))
    }

    /// The report ends with exactly one verdict line: pass with the count.
    @Test func passVerdictLine() {
        let text = RunReport.terminal(Self.realisticRun(), wide: false)
        let scenarios = ScenarioRegistry.standard.names.count
        #expect(text.hasSuffix("\nverdict: pass (\(scenarios)/\(scenarios))\n"))
        #expect(text.components(separatedBy: "verdict: ").count == 2)
    }

    /// A failing run names every failing scenario with the figure that failed.
    @Test func failVerdictLineNamesEveryFailure() {
        let run = Self.realisticRun(failing: true)
        #expect(VerdictLine.of(run) == "verdict: FAIL: confetti (p99 20.10 ms > 16.67), cache (speedup 150x < 180x)")
        #expect(RunReport.terminal(run, wide: false).hasSuffix(
            "\nverdict: FAIL: confetti (p99 20.10 ms > 16.67), cache (speedup 150x < 180x)\n"))
        #expect(VerdictLine.of(run, maxWidth: 40) == "verdict: FAIL: confetti, cache")
    }

    /// A debug build's run says it was not judged, and why.
    @Test func notJudgedVerdictLine() {
        let scenarios = ["confetti", "cache"].map { name in
            ScenarioEvaluator(settings: Fixtures.settings, bandwidth: nil, judged: false)
                .evaluate(SyntheticWorkload(work: 1), samples: FrameSamples(cpuNs: [1_000_000], wallNs: [1_000_000], processCPUNs: nil))
        }
        let run = Fixtures.run(scenarios)
        #expect(VerdictLine.of(run) == "verdict: not_judged (2/2: debug build: timings not judged against budgets)")
        #expect(RunReport.terminal(run, wide: false).contains("p99 1.00 ms vs 16.67"))
    }

    /// The judged figure: the budget's p99 (wall time for a parallel scenario), a self-judging
    /// scenario's own figure, else its speedup, else none; not-judged rows say "vs".
    @Test func judgedFigures() {
        #expect(Fixtures.scenario(cpuNs: [1_110_000]).judged == "p99 1.11 ms ≤ 16.67")
        #expect(Fixtures.scenario(cpuNs: [20_000_000]).judged == "p99 20.00 ms > 16.67")
        #expect(Self.evaluate(SpeedupCheck(speedup: 312, figure: nil)).judged == "speedup 312x ≥ 180x")
        #expect(Self.evaluate(SpeedupCheck(speedup: 150, figure: nil)).judged == "speedup 150x < 180x")
        #expect(Self.evaluate(SpeedupCheck(speedup: 150, figure: "median 9 ms > 8")).judged == "median 9 ms > 8")
        let unjudged = ScenarioEvaluator(settings: Fixtures.settings, bandwidth: nil, judged: false)
            .evaluate(SpeedupCheck(speedup: 312, figure: nil), samples: Self.oneFrame)
        #expect(unjudged.judged == "speedup 312x vs 180x")
        let passingSpeedup = SpeedupCheck(speedup: 312, figure: nil)
        passingSpeedup.failsOtherwise = true
        let failed = Self.evaluate(passingSpeedup)
        #expect(failed.verdict == .fail && failed.judged == "speedup 312x ≥ 180x")
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

/// A self-judging "cache" scenario that checks a speedup of at least 180x, with a long reason.
private final class SpeedupCheck: SelfJudgingWorkload {
    /// The speedup it reports.
    let speedup: Double
    /// The figure it names, if any.
    let figure: String?
    /// Fails on a second criterion whatever the speedup.
    var failsOtherwise = false

    /// A check reporting `speedup` and naming `figure`.
    init(speedup: Double, figure: String?) {
        self.speedup = speedup
        self.figure = figure
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

    /// Passes at 180x or more, unless `failsOtherwise`.
    func judge(_ samples: FrameSamples, settings: RunSettings) -> Judgement {
        Judgement(
            verdict: speedup >= 180 && !failsOtherwise ? .pass : .fail,
            reason: "cached vs recomputed (100: \(Int(speedup))x, 1000: 830x, 100000: 45012x), min \(Int(speedup))x; "
                + "1000 reads best 0.0073 ms (median 0.0081) <= 0.01 ms",
            speedup: speedup, requiredSpeedup: 180, figure: figure)
    }
}
