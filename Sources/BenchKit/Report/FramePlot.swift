import Foundation
import Render

/// The PNG plot of a run (`results/<time>-<commit>-frames.png`): a title naming the commit,
/// machine and date, a legend, and one panel per scenario with its name and parameters, its
/// per-frame CPU time (blue) and wall time (grey) in ms against the frame number, and what its
/// verdict was judged on.
///
/// A panel shows the figures the scenario's verdict rests on (``ScenarioResult/judged``), each
/// in a note, failing first: a frame-time figure also gets a dashed line at its value and a solid
/// red line at its limit (the frame budget, or the scenario's own limit) when the frames reach a
/// tenth of the limit (otherwise its note gives the value's share of the limit), and
/// the y axis follows that figure's clock and the frames; any other figure (a speedup, the time of 1000 cached reads) gets
/// no line, only its note. The reason follows the notes and the badge shows the verdict itself,
/// so the panel and the verdict never disagree. A grey dashed line marks the hitch threshold
/// (when the frames reach a tenth of it) and a note counts the frames over it.
///
/// A scenario made of systems (``ScenarioResult/systems``, the `game` scenario) gets a second
/// panel: each frame as a stacked bar of its systems' times, one colour per system, named in
/// the legend.
///
/// Given a baseline run (`bench --baseline FILE`), each panel of a scenario the baseline measured
/// with the same parameters also draws the baseline's CPU time per frame (orange), under the
/// current run's.
enum FramePlot {
    /// Draws the plot of `run`, beside `baseline` when given, with the plot font (see
    /// ``PlotFont``).
    ///
    /// - Throws: ``RenderError`` when no font is found or the image cannot be drawn.
    static func render(_ run: RunResult, baseline: RunResult? = nil) throws(RenderError) -> RGBA8Canvas {
        try figure(run, baseline: baseline).render(font: PlotFont.load())
    }

    /// The figure of `run`, beside `baseline` when given.
    static func figure(_ run: RunResult, baseline: RunResult? = nil) -> ChartFigure {
        let environment = run.environment
        let settings = run.settings
        let failed = run.scenarios.filter { $0.verdict == .fail }.count
        let judged = run.scenarios.filter { $0.verdict != .notJudged }.count
        var subtitle = [
            "machine: \(environment.cpuModel), \(environment.cores) cores, \(environment.os); "
                + "\(environment.buildConfiguration) build"
                + (environment.confettiKernels.map { ", kernels \($0)" } ?? ""),
            "\(settings.frames) measured frames per scenario after \(settings.warmup) warm-up, "
                + "\(settings.particles) particles, frame budget \(String(format: "%.2f", settings.budgetMs)) ms "
                + "(\(settings.fpsText) fps); run verdict \(ChartBadge(run.verdict).text): "
                + "\(failed) of \(judged) judged scenarios failed",
        ]
        if let baseline {
            subtitle.append(
                "baseline (orange): commit \(baseline.environment.commit), \(readableDate(baseline.createdAt)), "
                    + "\(baseline.environment.cpuModel)")
        }
        if environment.isBusy, let load = environment.loadAverage.first {
            subtitle.append(
                "machine busy (load \(String(format: "%.2f", load)) on \(environment.cores) cores): "
                    + "wall times are unreliable, CPU times hold")
        }
        let systems = run.scenarios.first { !$0.systems.isEmpty }?.systems.map(\.name) ?? []
        let systemLegend = systems.enumerated().map { index, name in
            ChartLegendEntry(label: name, color: systemColor(index), mark: .whiskers(width: 6))
        }
        return ChartFigure(
            title: "\(environment.toolName) frame times, commit \(environment.commit), \(readableDate(run.createdAt))",
            subtitle: subtitle,
            legend: [
                ChartLegendEntry(label: "CPU time per frame", color: ChartStyle.primary, mark: .line(width: 2)),
                ChartLegendEntry(label: "wall time per frame", color: ChartStyle.secondary, mark: .line(width: 1)),
                ChartLegendEntry(label: "limit the verdict uses", color: ChartStyle.fail, mark: .line(width: 2)),
                ChartLegendEntry(
                    label: "judged statistic (green pass, red fail)", color: ChartStyle.ink, mark: .dashed(width: 2)),
            ] + (baseline == nil ? [] : [
                ChartLegendEntry(label: "baseline CPU time per frame", color: ChartStyle.baseline, mark: .line(width: 1))
            ]) + systemLegend,
            panels: run.scenarios.flatMap { scenario in
                let before = baseline?.scenarios.first { $0.name == scenario.name && $0.params == scenario.params }
                return [panel(scenario, baseline: before)] + (scenario.systems.isEmpty ? [] : [systemPanel(scenario)])
            },
            columns: min(3, max(1, run.scenarios.count))
        )
    }

    /// The panel of one scenario, with the CPU time per frame of `baseline` (the same
    /// scenario in an earlier run) under its own when given.
    static func panel(_ scenario: ScenarioResult, baseline: ScenarioResult? = nil) -> ChartPanel {
        let verdictColor = ChartBadge(scenario.verdict).color
        let figures = JudgedFigure.failingFirst(scenario.judged)
        let frameTimes = figures.filter { $0.unit == .frameMilliseconds }
        let judgedClock = frameTimes.first?.clock ?? .cpu
        // A limit far above the frames would flatten them to a line at zero: the limit is drawn
        // only when the frames reach a tenth of it, and otherwise the axis follows the frames.
        let judgedNs = judgedClock == .wall ? scenario.samples.wallNs : scenario.samples.cpuNs
        let reach = 10 * max(Double(judgedNs.max() ?? 0) / 1e6, frameTimes.map(\.value).filter(\.isFinite).max() ?? 0)
        let lines = frameTimes.flatMap { figure in
            let limit = ChartReferenceLine(
                value: figure.limit,
                label: "limit: \(figure.name) \(figure.rule.passingSymbol) \(milliseconds(figure.limit))",
                color: ChartStyle.fail, dashed: false)
            let value = ChartReferenceLine(
                value: figure.value, label: "\(figure.name) \(milliseconds(figure.value))", color: verdictColor,
                dashed: true)
            return figure.limit <= reach ? [limit, value] : [value]
        }
        let hitchLine = scenario.hitches.flatMap { hitches in
            hitches.thresholdMs <= reach && !frameTimes.isEmpty
                ? ChartReferenceLine(
                    value: hitches.thresholdMs, label: "hitch threshold \(milliseconds(hitches.thresholdMs))",
                    color: ChartStyle.secondary, dashed: true)
                : nil
        }
        let judged = scenario.verdict != .notJudged
        let hitchNote = scenario.hitches.map { hitches in
            "hitches: \(hitches.count) frames over \(milliseconds(hitches.thresholdMs)), "
                + String(format: "%.2f ms per second of play", hitches.msPerSecond)
        }
        let notes =
            (figures.isEmpty
            ? ["judged: \(scenario.reason)"]
            : figures.map { figure in
                "judged: \(figure.summary(judged: judged))" + lineNote(figure, reach: reach)
            } + [scenario.reason]) + (hitchNote.map { [$0] } ?? [])
        let cpu = scenario.samples.cpuNs.enumerated().map { SIMD2(Double($0.offset + 1), Double($0.element) / 1e6) }
        let wall = scenario.samples.wallNs.enumerated().map { SIMD2(Double($0.offset + 1), Double($0.element) / 1e6) }
        let before = (baseline?.samples.cpuNs ?? []).enumerated().map { SIMD2(Double($0.offset + 1), Double($0.element) / 1e6) }
        return ChartPanel(
            title: title(scenario),
            notes: notes,
            yTitle: "ms per frame",
            unit: "ms",
            xAxis: .numeric(title: "frame number (in measured order)"),
            series: (before.isEmpty ? [] : [
                ChartSeries(
                    name: "baseline CPU time per frame", points: before, color: ChartStyle.baseline, mark: .line(width: 1),
                    scalesAxis: judgedClock == .cpu)
            ]) + [
                ChartSeries(
                    name: "wall time per frame", points: wall, color: ChartStyle.secondary, mark: .line(width: 1),
                    scalesAxis: judgedClock == .wall),
                ChartSeries(
                    name: "CPU time per frame", points: cpu, color: ChartStyle.primary, mark: .line(width: 2),
                    scalesAxis: judgedClock == .cpu),
            ],
            referenceLines: lines + (hitchLine.map { [$0] } ?? []),
            badge: ChartBadge(scenario.verdict)
        )
    }

    /// What a figure's note adds about its lines: nothing when its limit is drawn, its share
    /// of the limit when the limit lies above the axis, and why there is no line for a figure
    /// that is not a frame time.
    static func lineNote(_ figure: JudgedFigure, reach: Double) -> String {
        guard figure.unit == .frameMilliseconds else { return " (no line: not a frame time)" }
        guard figure.limit > reach, figure.limit > 0, figure.value.isFinite else { return "" }
        let share = figure.value / figure.limit * 100
        let decimals = share < 0.1 ? 2 : share < 1 ? 1 : 0
        return String(format: " (%.\(decimals)f%% of the limit, which is above the axis)", share)
    }

    /// The panel of a scenario's systems: each frame a stacked bar of its systems' times.
    static func systemPanel(_ scenario: ScenarioResult) -> ChartPanel {
        let frames = scenario.systems.map(\.wallNs.count).min() ?? 0
        var tops = [Double](repeating: 0, count: frames)
        var series: [ChartSeries] = []
        for (index, system) in scenario.systems.enumerated() {
            var bars: [SIMD2<Double>] = []
            bars.reserveCapacity(2 * frames)
            for frame in 0..<frames {
                let bottom = tops[frame]
                tops[frame] += Double(system.wallNs[frame]) / 1e6
                bars += [SIMD2(Double(frame + 1), bottom), SIMD2(Double(frame + 1), tops[frame])]
            }
            series.append(ChartSeries(name: system.name, points: bars, color: systemColor(index), mark: .whiskers(width: 2)))
        }
        let heaviest = scenario.systems.max { median($0.wallNs) < median($1.wallNs) }
        return ChartPanel(
            title: "\(scenario.name): time per system, stacked",
            notes: [
                "each frame's systems, bottom to top in the legend's order (wall time of the thread running each)",
                heaviest.map { "largest median: \($0.name) \(milliseconds(median($0.wallNs)))" } ?? "",
            ],
            yTitle: "ms per frame",
            unit: "ms",
            xAxis: .numeric(title: "frame number (in measured order)"),
            series: series,
            referenceLines: [],
            badge: nil
        )
    }

    /// The colour of the `index`th system.
    static func systemColor(_ index: Int) -> RGBAColor {
        ChartStyle.palette[index % ChartStyle.palette.count]
    }

    /// The median of nanosecond samples, in ms (0 for none).
    private static func median(_ nanoseconds: [UInt64]) -> Double {
        nanoseconds.isEmpty ? 0 : Percentiles.median(nanoseconds.map { Double($0) / 1e6 })
    }

    /// The scenario's name followed by its parameters in key order, for example
    /// `render (height 1080, particles 100000, width 1920)`.
    static func title(_ scenario: ScenarioResult) -> String {
        guard !scenario.params.isEmpty else { return scenario.name }
        let params = scenario.params.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }
        return "\(scenario.name) (\(params.joined(separator: ", ")))"
    }

    /// `ms` with two decimals, or four below 0.1 ms.
    static func milliseconds(_ ms: Double) -> String {
        String(format: ms < 0.1 ? "%.4f ms" : "%.2f ms", ms)
    }

    /// An ISO 8601 UTC time as `2026-01-01 00:00 UTC`; other text is returned unchanged.
    static func readableDate(_ iso: String) -> String {
        guard iso.count >= 16, iso.hasSuffix("Z"), iso.dropFirst(10).first == "T" else { return iso }
        return iso.prefix(10) + " " + iso.dropFirst(11).prefix(5) + " UTC"
    }
}
