/// Rows of text cells under a header, rendered as aligned columns, markdown or CSV.
package struct TextTable: Equatable, Sendable {
    /// Column titles.
    package var headers: [String]
    /// Cells, one array per row, as many as `headers`.
    package var rows: [[String]]

    /// A value with the given fields.
    package init(headers: [String], rows: [[String]]) {
        self.headers = headers
        self.rows = rows
    }

    /// Aligned columns separated by two spaces.
    package var aligned: String {
        aligned(widths: naturalWidths)
    }

    /// Aligned columns whose lines are at most `maxWidth` characters when possible: if the
    /// natural widths are wider, the columns in `shrinking` give up width in the order listed,
    /// each down to its `minimum` (at least 1; a column may be listed again with a lower
    /// minimum), and their longer cells are cut to fit, ending in "…". Cells are never
    /// wrapped, so each row stays one line.
    package func aligned(fitting maxWidth: Int, shrinking: [(column: Int, minimum: Int)]) -> String {
        var widths = naturalWidths
        var excess = widths.reduce(0, +) + 2 * max(0, widths.count - 1) - maxWidth
        for (column, minimum) in shrinking where excess > 0 && widths.indices.contains(column) {
            let cut = min(excess, max(0, widths[column] - max(1, minimum)))
            widths[column] -= cut
            excess -= cut
        }
        return aligned(widths: widths)
    }

    /// The widest cell of each column, header included.
    private var naturalWidths: [Int] {
        headers.indices.map { column in
            ([headers] + rows).map { $0[column].count }.max() ?? 0
        }
    }

    /// Every row with its cells cut to `widths` and padded, two spaces apart.
    private func aligned(widths: [Int]) -> String {
        ([headers] + rows).map { cells in
            zip(cells, widths).map { cell, width in
                let fitted = cell.count > width ? String(cell.prefix(max(0, width - 1))) + "…" : cell
                return fitted + String(repeating: " ", count: max(0, width - fitted.count))
            }.joined(separator: "  ").trimmingTrailingSpaces()
        }.joined(separator: "\n") + "\n"
    }

    /// A markdown table.
    package var markdown: String {
        let line = { (cells: [String]) in
            "| " + cells.map { $0.replacingAll("|", with: "\\|") }.joined(separator: " | ") + " |"
        }
        let separator = "|" + headers.map { _ in "---|" }.joined()
        return ([line(headers), separator] + rows.map(line)).joined(separator: "\n") + "\n"
    }

    /// CSV (RFC 4180 quoting).
    package var csv: String {
        let quote = { (cell: String) -> String in
            cell.contains(where: { ",\"\n".contains($0) })
                ? "\"" + cell.replacingAll("\"", with: "\"\"") + "\"" : cell
        }
        return ([headers] + rows).map { $0.map(quote).joined(separator: ",") }
            .joined(separator: "\n") + "\n"
    }

    /// The table in `format`; nil for `.json`, which callers render from their own model.
    package func rendered(_ format: OutputFormat) -> String? {
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
