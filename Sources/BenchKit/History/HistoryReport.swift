import Foundation

/// The text of `bench history`: one trend table per scenario.
enum HistoryReport {
    /// Column titles of a scenario's table.
    static let headers = ["commit", "date", "runs", "rounds", "frame ms", "range ms", "change", "change point"]

    /// `series` in `format`: a titled table per scenario (table, markdown), one table with a
    /// leading scenario column (csv), or the series as JSON.
    static func rendered(_ series: [HistorySeries], format: OutputFormat) throws -> String {
        switch format {
        case .table:
            return series.map { "\(title($0))\n" + table($0).aligned }.joined(separator: "\n")
        case .markdown:
            return series.map { "### \(title($0))\n\n" + table($0).markdown }.joined(separator: "\n")
        case .csv:
            let rows = series.flatMap { one in table(one).rows.map { [one.scenario] + $0 } }
            return TextTable(headers: ["scenario"] + headers, rows: rows).csv
        case .json:
            return String(decoding: try ResultCoding.encode(series), as: UTF8.self) + "\n"
        }
    }

    /// The scenario with its minimum effect and the number of changes found.
    static func title(_ series: HistorySeries) -> String {
        let changes = series.changes.count
        return "\(series.scenario) (minimum effect \(String(format: "%.1f%%", series.minimumEffect * 100)); "
            + (changes == 0 ? "no change point)" : changes == 1 ? "1 change point)" : "\(changes) change points)")
    }

    /// One row per commit: commit, date, runs, rounds, the run figure and range of the round figures,
    /// the change against the previous commit (for reading) and, where a change begins,
    /// `REGRESSION` or `improvement` with its size and p-value.
    static func table(_ series: HistorySeries) -> TextTable {
        TextTable(
            headers: headers,
            rows: series.points.map { point in
                [
                    point.commit,
                    point.date,
                    String(point.runs),
                    String(point.rounds),
                    String(format: "%.4f", point.frameMs),
                    String(format: "%.4f-%.4f", point.lowMs, point.highMs),
                    point.change.map(percent) ?? "-",
                    point.changePoint.map(describe) ?? "",
                ]
            }
        )
    }

    /// `REGRESSION +20.1% (p 2.1e-05)` or `improvement -8.0% (p 0.0004)`.
    static func describe(_ change: HistoryChange) -> String {
        let word = change.direction == .regression ? "REGRESSION" : "improvement"
        return "\(word) \(percent(change.change)) (p \(String(format: "%.2g", change.pValue)))"
    }

    private static func percent(_ fraction: Double) -> String {
        String(format: "%+.1f%%", fraction * 100)
    }
}
