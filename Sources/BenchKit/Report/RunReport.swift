import Foundation

/// Human-readable views of a `RunResult`.
enum RunReport {
    /// Width of the default terminal table, in characters.
    static let narrowWidth = 120

    /// Every column, one row per scenario: parameters, CPU and wall percentiles with the worst
    /// frame, the hitches (frames over the threshold, and their time per second of play), ns per
    /// entity, limit ratio and the bandwidth it divides by, the judged figures, verdict and the
    /// full reason.
    static func table(_ run: RunResult) -> TextTable {
        TextTable(
            headers: [
                "scenario", "params", "cpu p50 ms", "cpu p95 ms", "cpu p99 ms", "cpu max ms",
                "wall p50 ms", "wall p99 ms", "wall max ms", "hitches", "ns/entity", "limit ratio", "limit GB/s", "judged",
                "verdict", "reason",
            ],
            rows: run.scenarios.flatMap { scenario in
                [[
                    scenario.name,
                    parameters(scenario.params),
                    milliseconds(scenario.frameCPUMs.p50),
                    milliseconds(scenario.frameCPUMs.p95),
                    milliseconds(scenario.frameCPUMs.p99),
                    milliseconds(scenario.frameCPUMs.max),
                    milliseconds(scenario.frameWallMs.p50),
                    milliseconds(scenario.frameWallMs.p99),
                    milliseconds(scenario.frameWallMs.max),
                    hitches(scenario),
                    perEntity(scenario),
                    limitRatio(scenario),
                    scenario.limitBandwidth.map { String(format: "%.1f", $0) } ?? "-",
                    figures(scenario) ?? "-",
                    scenario.verdict.rawValue,
                    scenario.reason,
                ]] + systemRows(scenario)
            }
        )
    }

    /// One row per system of a scenario made of systems: its wall time per frame at p50, p99
    /// and its worst frame in the wall columns, the other columns empty.
    private static func systemRows(_ scenario: ScenarioResult) -> [[String]] {
        scenario.systems.map { system in
            let wall = FrameTimeSummary(nanoseconds: system.wallNs.isEmpty ? [0] : system.wallNs)
            return ["  \(scenario.name): \(system.name)", "", "", "", "", "", milliseconds(wall.p50), milliseconds(wall.p99), milliseconds(wall.max)]
                + Array(repeating: "", count: 7)
        }
    }

    /// "3 (1.20 ms/s)": the frames over the hitch threshold and their time per second of play;
    /// "-" in files written before hitches were counted.
    private static func hitches(_ scenario: ScenarioResult) -> String {
        guard let hitches = scenario.hitches else { return "-" }
        return String(format: "%d (%.2f ms/s)", hitches.count, hitches.msPerSecond)
    }

    /// The terminal table: one row per scenario with its parameters, median CPU time, ns per
    /// entity, limit ratio, verdict and what was judged, then the overall verdict line. The
    /// last column holds the summaries of the figures the verdict rests on, failing first (the
    /// reason when there are none, as in older files). Parameters show counts in thousands and
    /// millions where they are whole (`particles=100k`). Every line fits `width` characters:
    /// figures are cut to 43 characters (enough for one figure's summary), params to 18, then
    /// params further and figures further, each with "…", unless `wide`, which prints
    /// `table(run)` in full.
    static func terminal(_ run: RunResult, wide: Bool, width: Int = narrowWidth) -> String {
        let body: String
        if wide {
            body = table(run).aligned
        } else {
            let narrow = TextTable(
                headers: ["scenario", "params", "cpu p50 ms", "ns/entity", "limit ratio", "verdict", "judged"],
                rows: run.scenarios.map { scenario in
                    [
                        scenario.name, parameters(scenario.params, compact: true), milliseconds(scenario.frameCPUMs.p50),
                        perEntity(scenario), limitRatio(scenario), scenario.verdict.rawValue,
                        figures(scenario) ?? scenario.reason,
                    ]
                })
            body = narrow.aligned(
                fitting: width,
                shrinking: [
                    (column: 6, minimum: 43), (column: 1, minimum: 18), (column: 1, minimum: 6), (column: 6, minimum: 16),
                ])
        }
        return body + VerdictLine.of(run, maxWidth: wide ? nil : width) + "\n"
    }

    /// The summaries of the figures `scenario`'s verdict rests on, failing first, with "vs"
    /// for a scenario that was not judged; nil when there are none.
    private static func figures(_ scenario: ScenarioResult) -> String? {
        JudgedFigure.summary(of: scenario.judged, judged: scenario.verdict != .notJudged)
    }

    /// The markdown summary written to `results/summary.md`.
    static func summary(_ run: RunResult) -> String {
        let environment = run.environment
        let settings = run.settings
        return """
            # \(environment.toolName) summary

            - created: \(run.createdAt)
            - commit: \(environment.commit) (\(environment.buildConfiguration) build)
            - machine: \(environment.cpuModel), \(environment.cores) cores, \(environment.os)
            \(environment.confettiKernels.map { "- kernels: \($0)\n" } ?? "")\
            - swift: \(environment.swiftVersion)
            - load average: \(environment.loadAverage.map { String($0) }.joined(separator: " "))
            - settings: \(settings.frames) frames after \(settings.warmup) warmup at \
            \(settings.fpsText) fps (budget \(milliseconds(settings.budgetMs)) ms), seed \
            \(settings.seed), \(settings.threads) thread(s)
            - verdict: **\(run.verdict.rawValue)**

            \(table(run).markdown)
            """
    }

    /// `<yyyyMMdd-HHmmss-SSS in UTC>-<commit>`: the name of a run's files without their
    /// extension (``AtomicFile/createNew(_:in:stem:)`` adds a sequence number when a run of the
    /// same millisecond took it).
    static func fileStem(startedAt date: Date, commit: String) -> String {
        "\(timestamp(date, format: "yyyyMMdd-HHmmss-SSS"))-\(commit)"
    }

    /// ISO 8601 UTC time, for `created_at`.
    static func isoTime(_ date: Date) -> String {
        timestamp(date, format: "yyyy-MM-dd'T'HH:mm:ss'Z'")
    }

    private static func timestamp(_ date: Date, format: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        return formatter.string(from: date)
    }

    /// `key=value` pairs in key order; `compact` writes whole thousands and millions as `100k`
    /// and `2M`.
    private static func parameters(_ params: [String: Int], compact: Bool = false) -> String {
        params.sorted { $0.key < $1.key }.map { "\($0.key)=\(compact ? abbreviated($0.value) : String($0.value))" }
            .joined(separator: " ")
    }

    /// `value` as `2M`, `100k` or itself, whichever is exact.
    private static func abbreviated(_ value: Int) -> String {
        if value != 0, value % 1_000_000 == 0 { return "\(value / 1_000_000)M" }
        if value != 0, value % 1_000 == 0 { return "\(value / 1_000)k" }
        return String(value)
    }

    private static func perEntity(_ scenario: ScenarioResult) -> String {
        scenario.nsPerEntity.map { String(format: "%.3f", $0.p50) } ?? "-"
    }

    private static func limitRatio(_ scenario: ScenarioResult) -> String {
        scenario.limitRatio.map { String(format: "%.2f", $0) } ?? "-"
    }

    private static func milliseconds(_ value: Double) -> String {
        String(format: "%.3f", value)
    }
}
