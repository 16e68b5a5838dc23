import Foundation

/// The result of `bench compare`.
struct ComparisonReport: Codable, Equatable, Sendable {
    /// Matched scenarios, in baseline order.
    var scenarios: [ScenarioComparison]
    /// Names of scenarios present in only one of the runs.
    var unmatched: [String]

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

    private static func percent(_ fraction: Double) -> String {
        String(format: "%+.1f%%", fraction * 100)
    }
}
