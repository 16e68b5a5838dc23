import Render

extension ChartPanel {
    /// Draws the panel into the `width x height` rectangle at `(x, y)` of the painter's canvas.
    func draw(on painter: inout ChartPainter, x: Int, y: Int, width: Int, height: Int) throws(RenderError) {
        let pad = 10
        let labelSize = ChartStyle.labelSize
        let labelHeight = try painter.font.lineHeight(size: labelSize)
        painter.outline(x: x, y: y, width: width, height: height, color: ChartStyle.grid)

        var cursor = y + pad
        var titleWidth = width - 2 * pad
        if let badge {
            let metrics = try painter.font.measure(badge.text, size: ChartStyle.panelTitleSize)
            let badgeWidth = metrics.width + 16
            let badgeX = x + width - pad - badgeWidth
            painter.canvas.fillRect(
                x: Float(badgeX), y: Float(cursor), width: Float(badgeWidth), height: Float(metrics.height + 6),
                color: badge.color)
            try painter.text(badge.text, x: badgeX + 8, y: cursor + 3, size: ChartStyle.panelTitleSize, color: .white)
            titleWidth -= badgeWidth + 8
        }
        for line in try painter.font.wrap(title, width: titleWidth, size: ChartStyle.panelTitleSize, maxLines: 2) {
            cursor += try painter.text(
                line, x: x + pad, y: cursor, size: ChartStyle.panelTitleSize, color: ChartStyle.ink).height
        }
        cursor += 4
        let yScale = self.yScale
        var wrapped: [String] = []
        for note in notes + clippingNotes(above: yScale.upper) {
            wrapped += try painter.font.wrap(
                note, width: width - 2 * pad, size: labelSize, maxLines: noteLines - wrapped.count)
            if wrapped.count >= noteLines { break }
        }
        for (index, line) in wrapped.enumerated() {
            try painter.text(
                line, x: x + pad, y: cursor + index * labelHeight, size: labelSize, color: ChartStyle.secondaryInk)
        }
        cursor += noteLines * labelHeight + 6
        try painter.text(yTitle, x: x + pad, y: cursor, size: labelSize, color: ChartStyle.ink)
        cursor += labelHeight + 4

        var tickWidth = 0
        for tick in yScale.ticks { tickWidth = max(tickWidth, try painter.font.width(yScale.label(tick), size: labelSize)) }
        let plot = (
            left: x + pad + tickWidth + 6, right: x + width - pad,
            top: cursor + labelHeight / 2, bottom: y + height - pad - 2 * labelHeight - 8
        )
        guard plot.right - plot.left > 20, plot.bottom - plot.top > 20 else {
            throw RenderError(.invalidArgument, "panel \"\(title)\" of \(width)x\(height) px has no room for its plot")
        }
        let xRange = horizontalRange()
        func px(_ value: Double) -> Float {
            Float(plot.left) + Float((value - xRange.lowerBound) / (xRange.upperBound - xRange.lowerBound))
                * Float(plot.right - plot.left)
        }
        func py(_ value: Double) -> Float {
            Float(plot.bottom) - Float(yScale.fraction(value)) * Float(plot.bottom - plot.top)
        }

        painter.canvas.fillRect(
            x: Float(plot.left), y: Float(plot.top), width: Float(plot.right - plot.left),
            height: Float(plot.bottom - plot.top), color: ChartStyle.plotArea)
        for tick in yScale.ticks {
            let row = py(tick)
            painter.canvas.fillRect(
                x: Float(plot.left), y: row.rounded(.down), width: Float(plot.right - plot.left), height: 1,
                color: ChartStyle.grid)
            try painter.text(
                yScale.label(tick), x: plot.left - 6, y: Int(row) - labelHeight / 2, size: labelSize,
                color: ChartStyle.secondaryInk, alignment: .right)
        }
        try drawXTicks(on: &painter, plot: plot, labelHeight: labelHeight, position: px)

        let references = referenceLines.filter { $0.value.isFinite }.sorted { $0.value > $1.value }
        for line in references {
            drawReferenceLine(line, on: &painter, left: plot.left, right: plot.right, row: py(line.value))
        }
        for series in series {
            draw(series, below: yScale.upper, on: &painter) { SIMD2(px($0.x), py($0.y)) }
        }
        try labelReferenceLines(
            references, on: &painter, right: plot.right, labelHeight: labelHeight, position: py)

        painter.canvas.fillRect(
            x: Float(plot.left), y: Float(plot.top), width: 1, height: Float(plot.bottom - plot.top + 1),
            color: ChartStyle.ink)
        painter.canvas.fillRect(
            x: Float(plot.left), y: Float(plot.bottom), width: Float(plot.right - plot.left), height: 1,
            color: ChartStyle.ink)
        let xTitle = switch xAxis {
        case .numeric(let title), .categories(_, let title): title
        }
        try painter.text(
            xTitle, x: (plot.left + plot.right) / 2, y: plot.bottom + labelHeight + 8, size: labelSize,
            color: ChartStyle.ink, alignment: .center)
    }

    /// The y axis: from 0 to the highest point of the series that scale the axis and every
    /// reference line, with a little headroom so the top line does not sit on the frame.
    var yScale: NiceScale {
        NiceScale(covering: 0, verticalExtent())
    }

    /// The largest y the axis must show.
    private func verticalExtent() -> Double {
        let values = series.filter(\.scalesAxis).flatMap { $0.points.map(\.y) } + referenceLines.map(\.value)
        let finite = values.filter(\.isFinite)
        return (finite.max() ?? 1) * 1.05
    }

    /// One note per series that rises above `top` and is cut off there, quoting its peak.
    func clippingNotes(above top: Double) -> [String] {
        series.compactMap { series in
            guard let peak = series.points.map(\.y).filter(\.isFinite).max(), peak > top else { return nil }
            return "cut off at the top: \(series.name) (peak \(String(format: "%.2f", peak)) \(unit))"
        }
    }

    /// The x range the plot area spans.
    private func horizontalRange() -> ClosedRange<Double> {
        switch xAxis {
        case .numeric:
            let xs = series.flatMap { $0.points.map(\.x) }.filter(\.isFinite)
            let scale = NiceScale(covering: xs.min() ?? 0, xs.max() ?? 1)
            return scale.lower...scale.upper
        case .categories(let labels, _):
            return -0.5...(Double(max(labels.count, 1)) - 0.5)
        }
    }

    /// Tick marks and labels under the x axis: nice values, or the category labels thinned
    /// so that neighbours keep at least 6 pixels apart.
    private func drawXTicks(
        on painter: inout ChartPainter, plot: (left: Int, right: Int, top: Int, bottom: Int), labelHeight: Int,
        position: (Double) -> Float
    ) throws(RenderError) {
        var ticks: [(value: Double, label: String)] = []
        switch xAxis {
        case .numeric:
            let range = horizontalRange()
            let scale = NiceScale(covering: range.lowerBound, range.upperBound)
            ticks = scale.ticks.map { ($0, scale.label($0)) }
        case .categories(let labels, _):
            var widest = 0
            for label in labels { widest = max(widest, try painter.font.width(label, size: ChartStyle.labelSize)) }
            let spacing = Double(plot.right - plot.left) / Double(max(labels.count, 1))
            let every = max(1, Int((Double(widest + 6) / spacing).rounded(.up)))
            ticks = labels.enumerated().filter { $0.offset % every == 0 }.map { (Double($0.offset), $0.element) }
        }
        for tick in ticks {
            let column = position(tick.value)
            painter.canvas.fillRect(
                x: column.rounded(.down), y: Float(plot.bottom), width: 1, height: 5, color: ChartStyle.ink)
            try painter.text(
                tick.label, x: Int(column), y: plot.bottom + 6, size: ChartStyle.labelSize,
                color: ChartStyle.secondaryInk, alignment: .center)
        }
    }

    /// Draws one series with `position` mapping data points to pixels, cut off where it rises
    /// above `top` (in data units): a segment crossing it ends where it crosses.
    private func draw(
        _ series: ChartSeries, below top: Double, on painter: inout ChartPainter,
        position: (SIMD2<Double>) -> SIMD2<Float>
    ) {
        let points = series.points.filter { $0.x.isFinite && $0.y.isFinite }
        func clipped(_ a: SIMD2<Double>, _ b: SIMD2<Double>) -> (SIMD2<Double>, SIMD2<Double>)? {
            if a.y > top && b.y > top { return nil }
            func crossing(_ low: SIMD2<Double>, _ high: SIMD2<Double>) -> SIMD2<Double> {
                SIMD2(low.x + (high.x - low.x) * (top - low.y) / (high.y - low.y), top)
            }
            return (a.y > top ? crossing(b, a) : a, b.y > top ? crossing(a, b) : b)
        }
        func line(width: Float) {
            for (a, b) in zip(points, points.dropFirst()) {
                guard let (start, end) = clipped(a, b) else { continue }
                painter.canvas.drawLine(from: position(start), to: position(end), width: width, color: series.color)
            }
        }
        let visible = points.filter { $0.y <= top }.map(position)
        switch series.mark {
        case .line(let width), .dashed(let width):
            line(width: width)
        case .lineAndPoints(let width, let size):
            line(width: width)
            for point in visible {
                painter.canvas.fillRect(
                    x: point.x - size / 2, y: point.y - size / 2, width: size, height: size, color: series.color)
            }
        case .ring(let radius):
            for point in visible {
                painter.ring(center: point, radius: radius, width: 2, color: series.color)
            }
        case .whiskers(let width):
            for index in stride(from: 0, to: points.count - 1, by: 2) {
                guard let (low, high) = clipped(points[index], points[index + 1]) else { continue }
                painter.canvas.drawLine(from: position(low), to: position(high), width: width, color: series.color)
            }
        case .verticalLine(let width):
            for point in points {
                painter.canvas.drawLine(
                    from: position(SIMD2(point.x, 0)), to: position(SIMD2(point.x, top)), width: width, color: series.color)
            }
        }
    }

    /// Draws one reference line across the plot area at pixel row `row`.
    private func drawReferenceLine(
        _ line: ChartReferenceLine, on painter: inout ChartPainter, left: Int, right: Int, row: Float
    ) {
        if line.dashed {
            painter.dashedLine(x0: Float(left), x1: Float(right), y: row, width: 2, color: line.color)
        } else {
            painter.canvas.drawLine(from: SIMD2(Float(left), row), to: SIMD2(Float(right), row), width: 2, color: line.color)
        }
    }

    /// Labels the reference `lines` (highest first) above their right ends, or below when a
    /// label would overlap the one above, on a backing that keeps them legible over the data.
    private func labelReferenceLines(
        _ lines: [ChartReferenceLine], on painter: inout ChartPainter, right: Int, labelHeight: Int,
        position: (Double) -> Float
    ) throws(RenderError) {
        var previousLabelBottom = Int.min
        for line in lines {
            let row = position(line.value)
            var labelTop = Int(row) - labelHeight - 2
            if labelTop < previousLabelBottom { labelTop = Int(row) + 3 }
            let labelWidth = try painter.font.width(line.label, size: ChartStyle.labelSize)
            painter.canvas.fillRect(
                x: Float(right - labelWidth - 8), y: Float(labelTop), width: Float(labelWidth + 6),
                height: Float(labelHeight), color: ChartStyle.plotArea, opacity: 0.9)
            try painter.text(
                line.label, x: right - 5, y: labelTop, size: ChartStyle.labelSize, color: line.color, alignment: .right)
            previousLabelBottom = labelTop + labelHeight
        }
    }
}
