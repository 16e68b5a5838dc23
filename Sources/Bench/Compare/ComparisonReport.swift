import Foundation

/// The result of `bench compare`.
struct ComparisonReport: Codable, Equatable, Sendable {
    /// Matched scenarios, in baseline order.
    var scenarios: [ScenarioComparison]
    /// Names of scenarios present in only one of the runs.
    var unmatched: [String]
    /// Caveats of the judgement, for example runs from different machines judged anyway.
    var notes: [String] = []

    /// Whether any scenario regressed.
    var hasRegression: Bool { scenarios.contains { $0.outcome == .regression } }

    /// The exit status: `failure` on a regression, else `success`.
    var exitStatus: ExitStatus { hasRegression ? .failure : .success }

    /// One row per matched scenario.
    var table: TextTable {
        TextTable(
            headers: ["scenario", "base p50 ms", "new p50 ms", "change", "95% CI", "p-value", "outcome"],
            rows: scenarios.map { row in
                [
                    row.name,
                    String(format: "%.3f", row.baselineMedianMs),
                    String(format: "%.3f", row.candidateMedianMs),
                    Self.percent(row.change),
                    "[\(Self.percent(row.changeLower)), \(Self.percent(row.changeUpper))]",
                    String(format: "%.3g", row.pValue),
                    row.outcome.rawValue,
                ]
            }
        )
    }

    /// The report in `format`: the table followed by one `note:` line per note (markdown
    /// and table), or the JSON of the whole report. CSV holds the table only.
    func rendered(_ format: OutputFormat) throws -> String {
        guard let text = table.rendered(format) else {
            return String(decoding: try ResultCoding.encode(self), as: UTF8.self) + "\n"
        }
        guard format != .csv, !notes.isEmpty else { return text }
        let separator = format == .markdown ? "\n" : ""
        return text + separator + notes.map { "note: \($0)\n" }.joined()
    }

    private static func percent(_ fraction: Double) -> String {
        String(format: "%+.1f%%", fraction * 100)
    }
}
