import Systems

/// The PNG plot of `bench history`: one panel per scenario with its median frame time at each
/// commit (oldest on the left, x labels are short commits), commits flagged as regressions
/// circled in red, and a legend explaining both.
enum TrendPlot {
    /// Draws the trend of `series` with the plot font (see ``PlotFont``).
    ///
    /// - Throws: ``RenderError`` with ``RenderErrorCode/invalidArgument`` when `series` is
    ///   empty or a median is negative or not finite, and when no font is found or the image
    ///   cannot be drawn.
    static func render(_ series: [HistorySeries]) throws(RenderError) -> RGBA8Canvas {
        try figure(series).render(font: PlotFont.load())
    }

    /// The figure of `series`.
    ///
    /// - Throws: ``RenderErrorCode/invalidArgument`` when `series` is empty or a median is
    ///   negative or not finite.
    static func figure(_ series: [HistorySeries]) throws(RenderError) -> ChartFigure {
        guard !series.isEmpty else {
            throw RenderError(.invalidArgument, "a trend plot needs at least one scenario")
        }
        for line in series {
            if let bad = line.points.first(where: { !$0.medianMs.isFinite || $0.medianMs < 0 }) {
                throw RenderError(
                    .invalidArgument,
                    "median \(bad.medianMs) ms of \(line.scenario) at commit \(bad.commit) is not a finite, non-negative time")
            }
        }
        let commits = Set(series.flatMap { $0.points.map(\.commit) }).count
        let dates = series.flatMap { $0.points.map(\.date) }.sorted()
        let span = dates.first.map { first in first == dates.last ? first : "\(first) to \(dates.last ?? first)" }
        return ChartFigure(
            title: "ecs-bench median frame time per commit",
            subtitle: [
                "\(series.count) scenarios over \(commits) commits" + (span.map { ", \($0)" } ?? "")
                    + "; oldest commit on the left"
            ],
            legend: [
                ChartLegendEntry(
                    label: "median CPU ms per frame at the commit", color: ChartStyle.primary,
                    mark: .lineAndPoints(width: 2, size: 6)),
                ChartLegendEntry(label: "commit flagged as a regression", color: ChartStyle.fail, mark: .ring(radius: 7)),
            ],
            panels: series.map(panel),
            columns: min(2, series.count)
        )
    }

    /// The panel of one scenario.
    static func panel(_ series: HistorySeries) -> ChartPanel {
        let medians = series.points.enumerated().map { SIMD2(Double($0.offset), $0.element.medianMs) }
        let regressions = series.points.enumerated().filter(\.element.isRegression).map { $0.offset }
        var notes: [String]
        if let first = series.points.first, let last = series.points.last {
            notes = [
                "\(series.points.count) commits, \(first.date) to \(last.date); latest median "
                    + FramePlot.milliseconds(last.medianMs)
            ]
            notes.append(
                regressions.isEmpty
                    ? "no regressions flagged"
                    : "regressions at " + regressions.map { shortCommit(series.points[$0].commit) }
                        .joined(separator: ", "))
        } else {
            notes = ["no results for this scenario"]
        }
        return ChartPanel(
            title: series.scenario,
            notes: notes,
            noteLines: 3,
            yTitle: "median ms per frame",
            unit: "ms",
            xAxis: .categories(labels: series.points.map { shortCommit($0.commit) }, title: "commit (oldest to newest)"),
            series: [
                ChartSeries(
                    name: "median", points: medians, color: ChartStyle.primary, mark: .lineAndPoints(width: 2, size: 6)),
                ChartSeries(
                    name: "regression", points: regressions.map { medians[$0] }, color: ChartStyle.fail,
                    mark: .ring(radius: 7)),
            ],
            referenceLines: [],
            badge: regressions.isEmpty ? nil : ChartBadge(text: "REGRESSED", color: ChartStyle.fail)
        )
    }

    /// The first 7 characters of a commit hash.
    static func shortCommit(_ commit: String) -> String {
        String(commit.prefix(7))
    }
}
