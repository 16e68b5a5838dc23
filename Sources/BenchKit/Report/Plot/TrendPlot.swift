import Render

/// The PNG plot of `bench history`: one panel per scenario with its frame time at each commit
/// (the run figure of the commit's rounds, ``RoundStatistics``; oldest on the left, x labels
/// are short commits), the range of the round figures as a bar, a vertical line just before
/// each commit where a change begins (red for a regression, green for an improvement), and a
/// legend explaining them.
enum TrendPlot {
    /// Draws the trend of `series` with the plot font (see ``PlotFont``).
    ///
    /// - Throws: ``RenderError`` with ``RenderErrorCode/invalidArgument`` when `series` is
    ///   empty or a value is negative or not finite, and when no font is found or the image
    ///   cannot be drawn.
    static func render(_ series: [HistorySeries]) throws(RenderError) -> RGBA8Canvas {
        try figure(series).render(font: PlotFont.load())
    }

    /// The figure of `series`.
    ///
    /// - Throws: ``RenderErrorCode/invalidArgument`` when `series` is empty or a value is
    ///   negative or not finite.
    static func figure(_ series: [HistorySeries]) throws(RenderError) -> ChartFigure {
        guard !series.isEmpty else {
            throw RenderError(.invalidArgument, "a trend plot needs at least one scenario")
        }
        for line in series {
            if let bad = line.points.first(where: { point in
                [point.frameMs, point.lowMs, point.highMs].contains { !$0.isFinite || $0 < 0 }
            }) {
                throw RenderError(
                    .invalidArgument,
                    "round figures \(bad.lowMs) to \(bad.highMs) ms (run figure \(bad.frameMs)) of \(line.scenario) at commit \(bad.commit) are not finite, non-negative times")
            }
        }
        let commits = Set(series.flatMap { $0.points.map(\.commit) }).count
        let dates = series.flatMap { $0.points.map(\.date) }.sorted()
        let span = dates.first.map { first in first == dates.last ? first : "\(first) to \(dates.last ?? first)" }
        return ChartFigure(
            title: "Frame time per commit (10th percentile of the rounds' p10)",
            subtitle: [
                "\(counted(series.count, "scenario")) over \(counted(commits, "commit"))" + (span.map { ", \($0)" } ?? "")
                    + "; oldest commit on the left"
            ],
            legend: [
                ChartLegendEntry(
                    label: "the commit's rounds (10th percentile)", color: ChartStyle.primary,
                    mark: .lineAndPoints(width: 2, size: 6)),
                ChartLegendEntry(label: "fastest to slowest round", color: ChartStyle.secondary, mark: .whiskers(width: 3)),
                ChartLegendEntry(label: "a regression begins", color: ChartStyle.fail, mark: .verticalLine(width: 2)),
                ChartLegendEntry(label: "an improvement begins", color: ChartStyle.pass, mark: .verticalLine(width: 2)),
            ],
            panels: series.map(panel),
            columns: min(2, series.count)
        )
    }

    /// The panel of one scenario.
    static func panel(_ series: HistorySeries) -> ChartPanel {
        let values = series.points.enumerated().map { SIMD2(Double($0.offset), $0.element.frameMs) }
        let ranges = series.points.enumerated().flatMap { index, point in
            [SIMD2(Double(index), point.lowMs), SIMD2(Double(index), point.highMs)]
        }
        let changes = series.points.enumerated().filter { $0.element.changePoint != nil }
        func starts(_ direction: HistoryChange.Direction) -> [SIMD2<Double>] {
            changes.filter { $0.element.changePoint?.direction == direction }.map { SIMD2(Double($0.offset) - 0.5, 0) }
        }
        var notes: [String]
        if let first = series.points.first, let last = series.points.last {
            notes = [
                "\(counted(series.points.count, "commit")), \(first.date == last.date ? first.date : "\(first.date) to \(last.date)"); latest "
                    + FramePlot.milliseconds(last.frameMs)
            ]
            notes.append(
                changes.isEmpty
                    ? String(format: "no change point (minimum effect %.1f%%)", series.minimumEffect * 100)
                    : "changes begin at " + changes.map { index, point in
                        "\(shortCommit(point.commit)) " + (point.changePoint.map(HistoryReport.describe) ?? "")
                    }.joined(separator: ", "))
        } else {
            notes = ["no results for this scenario"]
        }
        let regressed = changes.contains { $0.element.changePoint?.direction == .regression }
        return ChartPanel(
            title: title(series.scenario),
            notes: notes,
            noteLines: 3,
            yTitle: "ms per frame (p10)",
            unit: "ms",
            xAxis: .categories(labels: series.points.map { shortCommit($0.commit) }, title: "commit (oldest to newest)"),
            series: [
                ChartSeries(name: "round range", points: ranges, color: ChartStyle.secondary, mark: .whiskers(width: 3)),
                ChartSeries(
                    name: "run figure", points: values, color: ChartStyle.primary, mark: .lineAndPoints(width: 2, size: 6)),
                ChartSeries(
                    name: "regression", points: starts(.regression), color: ChartStyle.fail,
                    mark: .verticalLine(width: 2), scalesAxis: false),
                ChartSeries(
                    name: "improvement", points: starts(.improvement), color: ChartStyle.pass,
                    mark: .verticalLine(width: 2), scalesAxis: false),
            ],
            referenceLines: [],
            badge: regressed ? ChartBadge(text: "REGRESSED", color: ChartStyle.fail) : nil
        )
    }

    /// A series key (`audio/buffer_frames:512/voices:256`) as a panel title that wraps between
    /// its parameters: `audio (buffer_frames 512, voices 256)`.
    static func title(_ key: String) -> String {
        let parts = key.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count > 1, let name = parts.first else { return key }
        let params = parts.dropFirst().map { $0.replacingOccurrences(of: ":", with: " ") }
        return "\(name) (\(params.joined(separator: ", ")))"
    }

    /// `count` and `noun`, plural unless the count is 1: `1 commit`, `3 commits`.
    static func counted(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// The first 7 characters of a commit hash.
    static func shortCommit(_ commit: String) -> String {
        String(commit.prefix(7))
    }
}
