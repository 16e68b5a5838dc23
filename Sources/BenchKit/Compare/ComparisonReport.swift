import Foundation

/// The result of `bench compare`.
struct ComparisonReport: Codable, Equatable, Sendable {
    /// Matched scenarios, in baseline order.
    var scenarios: [ScenarioComparison]
    /// Names of scenarios present in only one of the runs.
    var unmatched: [String]
    /// Caveats of the judgement: why it is advisory, runs from different machines judged anyway.
    var notes: [String] = []

    /// Whether any scenario regressed in a way that fails a build (a verdict, not advisory).
    var hasRegression: Bool { scenarios.contains(where: \.failsBuild) }

    /// The exit status: `failure` on a regression that is a verdict, else `success`.
    var exitStatus: ExitStatus { hasRegression ? .failure : .success }

    /// One row per matched scenario; an instruction column when either run counted them.
    var table: TextTable {
        let instructions = scenarios.contains { $0.instructionChange != nil }
        return TextTable(
            headers: ["scenario", "rounds", "base ms", "new ms", "change", "95% CI", "min effect", "p-value"]
                + (instructions ? ["instructions"] : []) + ["outcome"],
            rows: scenarios.map { row in
                [
                    row.name,
                    "\(row.baselineRounds)/\(row.candidateRounds)",
                    String(format: "%.4f", row.baselineFrameMs),
                    String(format: "%.4f", row.candidateFrameMs),
                    Self.percent(row.change),
                    "[\(Self.percent(row.changeLower)), \(Self.percent(row.changeUpper))]",
                    String(format: "%.1f%%", row.minimumEffect * 100),
                    String(format: "%.3g", row.pValue),
                ] + (instructions ? [row.instructionChange.map(Self.percent) ?? "-"] : []) + [row.outcomeText]
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
