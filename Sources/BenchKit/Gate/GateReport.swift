import Foundation

/// Prints gate findings and sets the exit status.
struct GateReport {
    /// The findings, in order.
    let findings: [GateFinding]

    /// `Verdict.overall` of the findings.
    var verdict: Verdict { Verdict.overall(findings.map(\.verdict)) }

    /// The findings as a table.
    var table: TextTable {
        TextTable(
            headers: ["workload", "metric", "threshold", "measured", "verdict"],
            rows: findings.map { [$0.workload, $0.metric, $0.expected, $0.measured, $0.verdict.rawValue] })
    }

    /// The line that ends the table: `verdict: pass (18/18)` counting workloads, or
    /// `verdict: FAIL: ` and each failed check.
    var verdictLine: String {
        let workloads = findings.reduce(into: [String]()) { names, finding in
            if names.last != finding.workload { names.append(finding.workload) }
        }
        let failed = findings.filter { $0.verdict == .fail }
        guard !failed.isEmpty else {
            return "verdict: pass (\(workloads.count)/\(workloads.count))"
        }
        return "verdict: FAIL: " + failed.map { "\($0.workload) \($0.metric) \($0.measured) (threshold \($0.expected))" }
            .joined(separator: ", ")
    }

    /// Prints the table in `format` (JSON: an array of objects; a table ends with the
    /// ``verdictLine``), names each failed workload on stderr, and throws exit status 2 when a
    /// gate failed.
    func emit(_ format: OutputFormat) throws {
        if let text = table.rendered(format) {
            print(text, terminator: "")
            if format == .table { print(verdictLine) }
        } else {
            let objects = findings.map {
                [
                    "workload": $0.workload, "metric": $0.metric, "threshold": $0.expected,
                    "measured": $0.measured, "verdict": $0.verdict.rawValue,
                ]
            }
            print(String(decoding: try ResultCoding.encode(objects), as: UTF8.self))
        }
        for failed in findings where failed.verdict == .fail {
            FileHandle.standardError.write(
                Data("gate failed: \(failed.workload) \(failed.metric) \(failed.measured) (threshold \(failed.expected))\n".utf8))
        }
        try ExitStatus(verdict).exitIfFailed()
    }
}
