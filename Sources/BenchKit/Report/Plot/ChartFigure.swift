import Render

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

    /// Where everything goes in the image: its size, the header wrapped to its width, and the
    /// panels' corners.
    struct Layout {
        /// The image's width in pixels.
        let width: Int
        /// The image's height in pixels.
        let height: Int
        /// The title, subtitle and legend, wrapped to the width inside the margins.
        let header: ChartHeader
        /// Panels per row.
        let columns: Int
        /// The panel size in pixels.
        let panelWidth, panelHeight: Int

        /// The top-left corner of panel `index` in the image.
        func panelOrigin(_ index: Int) -> (x: Int, y: Int) {
            let margin = ChartStyle.margin
            return (
                margin + index % columns * (panelWidth + margin),
                margin + header.height + margin + index / columns * (panelHeight + margin)
            )
        }
    }

    /// The layout of the figure with its text measured in `font`.
    ///
    /// - Throws: ``RenderError`` when text cannot be measured.
    func layout(font: FontFace) throws(RenderError) -> Layout {
        let columns = max(1, min(self.columns, max(panels.count, 1)))
        let rows = max(1, (panels.count + columns - 1) / columns)
        let margin = ChartStyle.margin
        let width = columns * panelWidth + (columns + 1) * margin
        let header = try ChartHeader(title: title, subtitle: subtitle, legend: legend, width: width - 2 * margin, font: font)
        return Layout(
            width: width, height: header.height + rows * panelHeight + (rows + 2) * margin, header: header,
            columns: columns, panelWidth: panelWidth, panelHeight: panelHeight)
    }

    /// Draws the figure with `font`.
    ///
    /// - Throws: ``RenderError`` when the image would exceed the canvas limits or text cannot
    ///   be drawn.
    func render(font: FontFace) throws(RenderError) -> RGBA8Canvas {
        let layout = try layout(font: font)
        var painter = ChartPainter(
            canvas: try RGBA8Canvas(width: layout.width, height: layout.height, background: ChartStyle.background),
            font: font)
        try layout.header.draw(on: &painter, x: ChartStyle.margin, y: ChartStyle.margin)
        for (index, panel) in panels.enumerated() {
            let origin = layout.panelOrigin(index)
            try panel.draw(on: &painter, x: origin.x, y: origin.y, width: panelWidth, height: panelHeight)
        }
        return painter.canvas
    }
}
