import Systems

/// A whole chart image: a title line, subtitle lines, a legend row and a grid of panels,
/// filled row by row.
struct ChartFigure {
    /// The heading of the image.
    var title: String
    /// Lines under the title, such as the machine and settings.
    var subtitle: [String]
    /// What each colour and mark means, shown once for all panels.
    var legend: [ChartLegendEntry]
    /// The panels, in reading order.
    var panels: [ChartPanel]
    /// Panels per row (at least 1).
    var columns: Int
    /// Width of one panel in pixels.
    var panelWidth = 560
    /// Height of one panel in pixels.
    var panelHeight = 380

    /// The pixel size of the image.
    var size: (width: Int, height: Int) {
        let columns = max(1, min(self.columns, max(panels.count, 1)))
        let rows = max(1, (panels.count + columns - 1) / columns)
        let margin = ChartStyle.margin
        return (
            columns * panelWidth + (columns + 1) * margin,
            headerHeight + rows * panelHeight + (rows + 2) * margin
        )
    }

    /// The height of the title, subtitle and legend block.
    private var headerHeight: Int {
        32 + subtitle.count * 20 + (legend.isEmpty ? 0 : 26)
    }

    /// Draws the figure with `font`.
    ///
    /// - Throws: ``RenderError`` when the image would exceed the canvas limits or text cannot
    ///   be drawn.
    func render(font: FontFace) throws(RenderError) -> RGBA8Canvas {
        let (width, height) = size
        var painter = ChartPainter(
            canvas: try RGBA8Canvas(width: width, height: height, background: ChartStyle.background), font: font)
        let margin = ChartStyle.margin
        var cursor = margin
        try painter.text(title, x: margin, y: cursor, size: ChartStyle.titleSize, color: ChartStyle.ink)
        cursor += 32
        for line in subtitle {
            try painter.text(line, x: margin, y: cursor, size: ChartStyle.subtitleSize, color: ChartStyle.secondaryInk)
            cursor += 20
        }
        if !legend.isEmpty {
            var x = margin
            let textHeight = try painter.lineHeight(size: ChartStyle.subtitleSize)
            for entry in legend {
                painter.sample(entry.mark, x: x + 14, y: cursor + 4 + textHeight / 2, color: entry.color)
                let label = try painter.text(
                    entry.label, x: x + 34, y: cursor + 4, size: ChartStyle.subtitleSize, color: ChartStyle.ink)
                x += 34 + label.width + 24
            }
            cursor += 26
        }
        for (index, panel) in panels.enumerated() {
            let origin = panelOrigin(index)
            try panel.draw(on: &painter, x: origin.x, y: origin.y, width: panelWidth, height: panelHeight)
        }
        return painter.canvas
    }

    /// The top-left corner of panel `index` in the image.
    func panelOrigin(_ index: Int) -> (x: Int, y: Int) {
        let columns = max(1, min(self.columns, max(panels.count, 1)))
        let margin = ChartStyle.margin
        return (
            margin + index % columns * (panelWidth + margin),
            margin + headerHeight + margin + index / columns * (panelHeight + margin)
        )
    }
}
