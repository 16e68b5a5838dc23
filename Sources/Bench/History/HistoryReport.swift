import Foundation

/// The text of `bench history`: one trend table per scenario.
enum HistoryReport {
    /// Column titles of a scenario's table.
    static let headers = ["commit", "date", "median CPU ms", "change", "mark"]

    /// `series` in `format`: a titled table per scenario (table, markdown), one table with a
    /// leading scenario column (csv), or the series as JSON.
    static func rendered(_ series: [HistorySeries], format: OutputFormat) throws -> String {
        switch format {
        case .table:
            return series.map { "\($0.scenario)\n" + table($0).aligned }.joined(separator: "\n")
        case .markdown:
            return series.map { "### \($0.scenario)\n\n" + table($0).markdown }.joined(separator: "\n")
        case .csv:
            let rows = series.flatMap { one in table(one).rows.map { [one.scenario] + $0 } }
            return TextTable(headers: ["scenario"] + headers, rows: rows).csv
        case .json:
            return String(decoding: try ResultCoding.encode(series), as: UTF8.self) + "\n"
        }
    }

    /// One row per point: commit, date, median, change against the previous point and the
    /// comparison's mark (`REGRESSION` in capitals so that it stands out).
    static func table(_ series: HistorySeries) -> TextTable {
        TextTable(
            headers: headers,
            rows: series.points.map { point in
                [
                    point.commit,
                    point.date,
                    String(format: "%.3f", point.medianMs),
                    point.change.map { String(format: "%+.1f%%", $0 * 100) } ?? "-",
                    point.isRegression ? "REGRESSION" : point.mark,
                ]
            }
        )
    }
}
