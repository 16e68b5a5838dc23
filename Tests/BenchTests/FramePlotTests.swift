import Foundation
import SnapshotTesting
import Render
import Testing

@testable import Bench
@testable import BenchKit

/// The frames plot shows each scenario's own judged figure and a badge matching its verdict.
@Suite("Frames plot")
struct FramePlotTests {
    /// A budget-judged panel draws the budget and the p99 from the figure, not from the reason.
    @Test func theBudgetFigureIsDrawnFromTheResult() throws {
        var result = PlotFixtures.budgetJudged("s", cpuNs: PlotFixtures.frames(50, baseMs: 17, spikeMs: 2))
        result.reason = "a reason that names no number"
        let figure = try #require(result.judged.first)
        let panel = FramePlot.panel(result)
        #expect(panel.referenceLines.map(\.value) == [figure.limit, figure.value])
        #expect(panel.referenceLines.map(\.dashed) == [false, true])
        #expect(panel.referenceLines[0].label == "limit: p99 CPU ≤ 16.67 ms")
        #expect(panel.notes == ["judged: \(figure.summary())", "a reason that names no number"])
        #expect(panel.badge?.text == "FAIL")
    }

    /// A baseline run's frames are drawn under the current ones in the panels of the scenarios
    /// it measured with the same parameters, and named in the legend and the subtitle.
    @Test func aBaselineIsDrawnBesideTheRun() throws {
        let run = PlotFixtures.mixedRun
        var earlier = run
        earlier.environment.commit = "0ld0ld0"
        earlier.scenarios = [run.scenarios[0]]
        earlier.scenarios[0].samples.cpuNs = run.scenarios[0].samples.cpuNs.map { $0 * 13 / 10 }
        let figure = FramePlot.figure(run, baseline: earlier)
        #expect(figure.legend.contains { $0.label == "baseline CPU time per frame" })
        #expect(figure.subtitle.contains { $0.hasPrefix("baseline (orange): commit 0ld0ld0") })
        #expect(figure.panels[0].series.first?.color == ChartStyle.baseline)
        #expect(figure.panels[0].series.first?.points.count == run.scenarios[0].samples.cpuNs.count)
        #expect(!figure.panels[1].series.contains { $0.color == ChartStyle.baseline })
        let image = try FramePlot.render(run, baseline: earlier)
        let layout = try figure.layout(font: PlotFont.load())
        let origin = layout.panelOrigin(0)
        #expect(PlotImage.count(of: ChartStyle.baseline, in: image, (origin.x, origin.y, figure.panelWidth, figure.panelHeight)) > 50)
    }

    /// Frames far below their limit keep an axis of their own: the limit's line is left out
    /// and the note gives the judged value's share of it.
    @Test func aLimitFarAboveTheFramesIsStatedNotDrawn() throws {
        let result = PlotFixtures.budgetJudged("s", cpuNs: PlotFixtures.frames(50, baseMs: 0.15, spikeMs: 0.01))
        let figure = try #require(result.judged.first)
        let panel = FramePlot.panel(result)
        #expect(panel.referenceLines.map(\.value) == [figure.value])
        #expect(panel.referenceLines[0].dashed)
        let share = String(format: "%.1f", figure.value / figure.limit * 100)
        #expect(panel.notes[0] == "judged: \(figure.summary()) (\(share)% of the limit, which is above the axis)")
        // Frames that reach a tenth of the limit are drawn under it.
        let near = FramePlot.panel(PlotFixtures.budgetJudged("s", cpuNs: PlotFixtures.frames(50, baseMs: 2, spikeMs: 1)))
        #expect(near.referenceLines.count == 2)
    }

    /// A ratio figure and a time that is not a frame time get a note each and no line; the
    /// failing figure's note comes first, then the reason.
    @Test func aSpeedupAndOtherTimesDrawNoFrameTimeLine() {
        let cache = FramePlot.panel(PlotFixtures.mixedRun.scenarios[3])
        #expect(cache.referenceLines.isEmpty)
        #expect(cache.notes == [
            "judged: min speedup 125x < 180x (no line: not a frame time)",
            "judged: 1000 reads CPU 0.0040 ms ≤ 0.01 ms (no line: not a frame time)",
            PlotFixtures.mixedRun.scenarios[3].reason,
        ])
        #expect(cache.badge?.text == "FAIL")
    }

    /// A result without figures, as in a file written before they were recorded, shows its
    /// reason and draws no line; a debug build's panel keeps its figures, compared with "vs".
    @Test func aResultWithoutFiguresShowsItsReasonAndADebugOneSaysVs() {
        var old = PlotFixtures.mixedRun.scenarios[0]
        old.judged = []
        old.reason = "p99 CPU 6.50 ms <= budget 16.67 ms"
        let panel = FramePlot.panel(old)
        #expect(panel.referenceLines.isEmpty)
        #expect(panel.notes == ["judged: p99 CPU 6.50 ms <= budget 16.67 ms"])

        var debug = PlotFixtures.mixedRun.scenarios[0]
        debug.verdict = .notJudged
        debug.reason = "debug build: timings not judged against budgets"
        let debugPanel = FramePlot.panel(debug)
        #expect(debugPanel.notes.first?.contains(" vs 16.67 ms") == true)
        #expect(debugPanel.notes.last == "debug build: timings not judged against budgets")
        #expect(debugPanel.referenceLines.count == 2)
        #expect(debugPanel.badge?.text == "NOT JUDGED")
    }

    @Test func eachPanelDrawsItsOwnLimitAndStatisticAndNamesItsParameters() throws {
        let run = PlotFixtures.mixedRun
        for scenario in run.scenarios.prefix(3) {
            let panel = FramePlot.panel(scenario)
            let figure = try #require(scenario.judged.first)
            #expect(panel.referenceLines.map(\.value) == [figure.limit, figure.value])
            #expect(panel.referenceLines.map(\.dashed) == [false, true])
            #expect(panel.badge?.text == (scenario.verdict == .pass ? "PASS" : "FAIL"))
            #expect(panel.series.map(\.points.count) == [120, 120])
        }
        let render = FramePlot.panel(run.scenarios[2])
        #expect(render.referenceLines[0].value == 20)
        #expect(render.referenceLines[0].label == "limit: median CPU ≤ 20.00 ms")
        #expect(render.title == "render (height 1080, particles 100000, width 1920)")
        #expect(run.scenarios.map(\.verdict) == [.pass, .fail, .pass, .fail])
    }

    @Test func theAxisFollowsTheJudgedClockAndSaysWhatItCutsOff() {
        let cpuNs = PlotFixtures.frames(60, baseMs: 4)
        var cpuJudged = PlotFixtures.budgetJudged("busy", cpuNs: cpuNs)
        cpuJudged.samples.wallNs = cpuNs.map { $0 * 10 }
        let panel = FramePlot.panel(cpuJudged)
        #expect(panel.yScale.upper == 20)
        #expect(panel.clippingNotes(above: panel.yScale.upper).count == 1)
        let peak = String(format: "%.2f", Double(cpuJudged.samples.wallNs.max() ?? 0) / 1e6)
        #expect(panel.clippingNotes(above: panel.yScale.upper).first == "cut off at the top: wall time per frame (peak \(peak) ms)")

        var wallJudged = cpuJudged
        wallJudged.judged[0].clock = .wall
        wallJudged.judged[0].value = 44
        let wallPanel = FramePlot.panel(wallJudged)
        #expect(wallPanel.yScale.upper >= Double(cpuJudged.samples.wallNs.max() ?? 0) / 1e6)
        #expect(wallPanel.clippingNotes(above: wallPanel.yScale.upper).isEmpty)
    }

    @Test func theImageMarksEveryVerdictInItsPanel() throws {
        let run = PlotFixtures.mixedRun
        let figure = FramePlot.figure(run)
        let image = try FramePlot.render(run)
        let layout = try figure.layout(font: PlotFont.load())
        #expect(image.width == layout.width && image.height == layout.height)
        #expect(figure.title == "bench frame times, commit abc1234, 2026-01-01 00:00 UTC", "a run without a tool name is bench's")
        var named = run
        named.environment.tool = "physics-bench"
        #expect(FramePlot.figure(named).title == "physics-bench frame times, commit abc1234, 2026-01-01 00:00 UTC")
        let summary = RunReport.summary(named)
        #expect(summary.hasPrefix("# physics-bench summary\n"))
        #expect(summary.contains("- kernels: ") == (named.environment.confettiKernels != nil), "no kernels line without kernels")
        #expect(figure.subtitle[0].hasPrefix("machine: test cpu, 2 cores"))
        for (index, scenario) in run.scenarios.enumerated() {
            let origin = layout.panelOrigin(index)
            let badge = (x: origin.x + figure.panelWidth - 120, y: origin.y, width: 120, height: 40)
            let pass = PlotImage.count(of: ChartStyle.pass, in: image, badge)
            let fail = PlotImage.count(of: ChartStyle.fail, in: image, badge)
            #expect(scenario.verdict == .pass ? pass > 100 && fail == 0 : fail > 100 && pass == 0, "\(scenario.name)")
            let plot = (x: origin.x + 60, y: origin.y + 120, width: figure.panelWidth - 80, height: 200)
            #expect(PlotImage.count(of: ChartStyle.primary, in: image, plot) > 100, "\(scenario.name) has no CPU line")
        }
    }

    @Test func aPlotRasterisesEachGlyphOncePerSize() throws {
        let font = try FontFace(contentsOf: PlotFont.load().path)
        let figure = FramePlot.figure(PlotFixtures.mixedRun)
        _ = try figure.render(font: font)
        let glyphs = font.rasterizedGlyphCount
        let characters = ([figure.title] + figure.subtitle + figure.legend.map(\.label)
            + figure.panels.flatMap { [$0.title] + $0.notes }).joined().count
        #expect(glyphs > 40 && glyphs < characters / 3)
        _ = try figure.render(font: font)
        #expect(font.rasterizedGlyphCount == glyphs)
    }

    @Test func anEmptyRunAndASingleFrameStillDraw() throws {
        let empty = try FramePlot.render(Fixtures.run([]))
        #expect(try empty.width == FramePlot.figure(Fixtures.run([])).layout(font: PlotFont.load()).width)
        let single = Fixtures.run([PlotFixtures.budgetJudged("one", cpuNs: [0])])
        let image = try FramePlot.render(single)
        let figure = FramePlot.figure(single)
        let origin = try figure.layout(font: PlotFont.load()).panelOrigin(0)
        #expect(PlotImage.count(
            of: ChartStyle.pass, in: image, (origin.x + figure.panelWidth - 120, origin.y, 120, 40)) > 100)
    }

    /// A one-panel figure is narrower than its header's lines: they wrap inside the margins
    /// instead of running off the image, and the panel starts below them.
    @Test func aOnePanelHeaderWrapsInsideTheImage() throws {
        let run = Fixtures.run([PlotFixtures.budgetJudged("confetti", cpuNs: PlotFixtures.frames(30, baseMs: 4))])
        let figure = FramePlot.figure(run)
        let font = try PlotFont.load()
        let layout = try figure.layout(font: font)
        let inside = layout.width - 2 * ChartStyle.margin
        let header = layout.header
        #expect(header.titleLines.count + header.subtitleLines.count > 1 + figure.subtitle.count, "nothing wrapped")
        #expect(header.legendRows.count > 1, "the legend did not flow onto a second row")
        for line in header.titleLines {
            #expect(try font.width(line, size: ChartStyle.titleSize) <= inside, "\(line)")
        }
        for line in header.subtitleLines {
            #expect(try font.width(line, size: ChartStyle.subtitleSize) <= inside, "\(line)")
        }
        #expect(header.subtitleLines.joined(separator: " ") == figure.subtitle.joined(separator: " "))
        #expect(header.legendRows.flatMap { $0.map(\.entry.label) } == figure.legend.map(\.label))

        let image = try figure.render(font: font)
        let rightMargin = (x: layout.width - ChartStyle.margin, y: 0, width: ChartStyle.margin, height: layout.panelOrigin(0).y)
        #expect(PlotImage.inked(image, rightMargin, background: ChartStyle.background) == 0, "the header reaches the edge")
        let headerBox = (x: 0, y: 0, width: layout.width, height: ChartStyle.margin + header.height)
        #expect(PlotImage.inked(image, headerBox, background: ChartStyle.background) > 2_000)
        #expect(layout.panelOrigin(0).y == 2 * ChartStyle.margin + header.height)
    }

    @Test func theFramesPlotMatchesItsReference() throws {
        let outcome = try assertSnapshot(
            of: FramePlot.render(PlotFixtures.mixedRun), named: "frames-plot", in: PlotFixtures.references)
        guard case .matched(let comparison) = outcome else {
            Issue.record("\(outcome): review and commit the new reference image")
            return
        }
        #expect(comparison.passed)
    }
}
