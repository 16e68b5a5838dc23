import Render

/// The title, subtitle and legend block of a figure, laid out for a width: each line is wrapped
/// at spaces to fit, and the legend's entries flow onto as many rows as they need, so a
/// one-panel figure shows its whole header instead of cutting it off at the image's edge.
struct ChartHeader {
    /// One legend entry placed in its row.
    struct PlacedEntry {
        /// The entry.
        var entry: ChartLegendEntry
        /// Pixels from the header's left edge to the entry's mark.
        var x: Int
    }

    /// The title, wrapped.
    private(set) var titleLines: [String] = []
    /// The subtitle lines, each wrapped.
    private(set) var subtitleLines: [String] = []
    /// The legend rows, each with its entries placed.
    private(set) var legendRows: [[PlacedEntry]] = []

    /// Pixels a title line takes.
    static let titleLineHeight = 32
    /// Pixels a subtitle line takes.
    static let subtitleLineHeight = 20
    /// Pixels a legend row takes.
    static let legendRowHeight = 26
    /// Pixels from a legend entry's start to its label.
    private static let labelOffset = 34
    /// Pixels between a legend label and the next entry.
    private static let entryGap = 24

    /// Lays out `title`, `subtitle` and `legend` to fit `width` pixels, measured with `font`.
    ///
    /// - Throws: ``RenderError`` when text cannot be measured.
    init(title: String, subtitle: [String], legend: [ChartLegendEntry], width: Int, font: FontFace) throws(RenderError) {
        titleLines = try font.wrap(title, width: width, size: ChartStyle.titleSize, maxLines: .max)
        for line in subtitle {
            subtitleLines += try font.wrap(line, width: width, size: ChartStyle.subtitleSize, maxLines: .max)
        }
        var row: [PlacedEntry] = []
        var x = 0
        for entry in legend {
            let advance = Self.labelOffset + (try font.width(entry.label, size: ChartStyle.subtitleSize))
            if !row.isEmpty && x + advance > width {
                legendRows.append(row)
                row = []
                x = 0
            }
            row.append(PlacedEntry(entry: entry, x: x))
            x += advance + Self.entryGap
        }
        if !row.isEmpty { legendRows.append(row) }
    }

    /// The header's height in pixels.
    var height: Int {
        titleLines.count * Self.titleLineHeight + subtitleLines.count * Self.subtitleLineHeight
            + legendRows.count * Self.legendRowHeight
    }

    /// Draws the header with its top-left corner at `(x, y)`.
    ///
    /// - Throws: ``RenderError`` when text cannot be drawn.
    func draw(on painter: inout ChartPainter, x: Int, y: Int) throws(RenderError) {
        var cursor = y
        for line in titleLines {
            try painter.text(line, x: x, y: cursor, size: ChartStyle.titleSize, color: ChartStyle.ink)
            cursor += Self.titleLineHeight
        }
        for line in subtitleLines {
            try painter.text(line, x: x, y: cursor, size: ChartStyle.subtitleSize, color: ChartStyle.secondaryInk)
            cursor += Self.subtitleLineHeight
        }
        let textHeight = try painter.font.lineHeight(size: ChartStyle.subtitleSize)
        for row in legendRows {
            for placed in row {
                painter.sample(placed.entry.mark, x: x + placed.x + 14, y: cursor + 4 + textHeight / 2, color: placed.entry.color)
                try painter.text(
                    placed.entry.label, x: x + placed.x + Self.labelOffset, y: cursor + 4, size: ChartStyle.subtitleSize,
                    color: ChartStyle.ink)
            }
            cursor += Self.legendRowHeight
        }
    }
}
