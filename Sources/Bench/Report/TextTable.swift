/// Rows of text cells under a header, rendered as aligned columns, markdown or CSV.
struct TextTable: Equatable, Sendable {
    /// Column titles.
    var headers: [String]
    /// Cells, one array per row, as many as `headers`.
    var rows: [[String]]

    /// Aligned columns separated by two spaces.
    var aligned: String {
        let widths = headers.indices.map { column in
            ([headers] + rows).map { $0[column].count }.max() ?? 0
        }
        return ([headers] + rows).map { cells in
            zip(cells, widths).map { cell, width in
                cell + String(repeating: " ", count: width - cell.count)
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }.joined(separator: "\n") + "\n"
    }

    /// A markdown table.
    var markdown: String {
        let line = { (cells: [String]) in
            "| " + cells.map { $0.replacingAll("|", with: "\\|") }.joined(separator: " | ") + " |"
        }
        let separator = "|" + headers.map { _ in "---|" }.joined()
        return ([line(headers), separator] + rows.map(line)).joined(separator: "\n") + "\n"
    }

    /// CSV (RFC 4180 quoting).
    var csv: String {
        let quote = { (cell: String) -> String in
            cell.contains(where: { ",\"\n".contains($0) })
                ? "\"" + cell.replacingAll("\"", with: "\"\"") + "\"" : cell
        }
        return ([headers] + rows).map { $0.map(quote).joined(separator: ",") }
            .joined(separator: "\n") + "\n"
    }

    /// The table in `format`; nil for `.json`, which callers render from their own model.
    func rendered(_ format: OutputFormat) -> String? {
        switch format {
        case .table: return aligned
        case .markdown: return markdown
        case .csv: return csv
        case .json: return nil
        }
    }
}

extension String {
    fileprivate func trimmingTrailingSpaces() -> String {
        String(self.reversed().drop(while: { $0 == " " }).reversed())
    }

    fileprivate func replacingAll(_ target: Character, with replacement: String) -> String {
        self.map { $0 == target ? replacement : String($0) }.joined()
    }
}
