import Foundation
import SnapshotTesting
import Render
import Testing

@testable import Bench
@testable import BenchKit

/// The trend plot of `bench history`: a panel per scenario, short commits on the x axis, each
/// commit's round range, and lines where changes begin.
@Suite("Trend plot")
struct TrendPlotTests {
    @Test func everyPanelIsDrawnAndOnlyRegressionsAreRed() throws {
        let history = PlotFixtures.history
        let figure = try TrendPlot.figure(history)
        let image = try TrendPlot.render(history)
        let layout = try figure.layout(font: PlotFont.load())
        #expect(image.width == layout.width && image.height == layout.height)
        #expect(figure.panels.count == 2 && figure.columns == 2)
        for index in history.indices {
            let origin = layout.panelOrigin(index)
            let box = (x: origin.x, y: origin.y, width: figure.panelWidth, height: figure.panelHeight)
            #expect(PlotImage.inked(image, box, background: ChartStyle.background) > 5_000)
            #expect(PlotImage.count(of: ChartStyle.primary, in: image, box) > 200)
        }
        let regressed = layout.panelOrigin(0)
        let steady = layout.panelOrigin(1)
        let size = (width: figure.panelWidth, height: figure.panelHeight)
        #expect(PlotImage.count(of: ChartStyle.fail, in: image, (regressed.x, regressed.y, size.width, size.height)) > 100)
        #expect(PlotImage.count(of: ChartStyle.fail, in: image, (steady.x, steady.y, size.width, size.height)) == 0)
        #expect(PlotImage.count(of: ChartStyle.pass, in: image, (regressed.x, regressed.y, size.width, size.height)) > 50)
        #expect(PlotImage.count(of: ChartStyle.secondary, in: image, (steady.x, steady.y, size.width, size.height)) > 50)
        #expect(figure.legend.map(\.label) == [
            "the commit's rounds (10th percentile)", "fastest to slowest round", "a regression begins",
            "an improvement begins",
        ])
    }

    @Test func panelsLabelShortCommitsAndListRegressions() throws {
        let history = PlotFixtures.history
        let panel = TrendPlot.panel(history[0])
        guard case .categories(let labels, _) = panel.xAxis else {
            Issue.record("the x axis is not labelled by commit")
            return
        }
        #expect(labels == history[0].points.map { String($0.commit.prefix(7)) })
        #expect(labels.allSatisfy { $0.count == 7 })
        #expect(panel.series[0].points.count == 16 && panel.series[0].points[6] == SIMD2(3, 7.9 * 0.97))
        #expect(panel.series[2].points == [SIMD2(2.5, 0), SIMD2(6.5, 0)])
        #expect(panel.series[3].points == [SIMD2(4.5, 0)])
        #expect(panel.notes[1] == "changes begin at \(labels[3]) REGRESSION +29.0% (p 1e-05), \(labels[5]) improvement -22.0% (p 1e-05), \(labels[7]) REGRESSION +55.0% (p 1e-05)")
        #expect(panel.badge?.text == "REGRESSED")
        #expect(TrendPlot.panel(history[1]).badge == nil)
        #expect(TrendPlot.panel(history[1]).notes[1] == "no change point (minimum effect 4.0%)")
        #expect(
            TrendPlot.panel(HistorySeries(scenario: "new", minimumEffect: 0.01, points: [])).notes
                == ["no results for this scenario"])
    }

    /// A series key becomes a title that wraps between its parameters; counts are plural
    /// only above one.
    @Test func titlesWrapBetweenParameters() {
        #expect(TrendPlot.title("audio/buffer_frames:512/voices:256") == "audio (buffer_frames 512, voices 256)")
        #expect(TrendPlot.title("cache") == "cache")
        #expect(TrendPlot.counted(1, "commit") == "1 commit" && TrendPlot.counted(3, "commit") == "3 commits")
    }

    @Test(arguments: [Double.nan, .infinity, -1])
    func aBadMedianIsATypedError(median: Double) {
        var history = PlotFixtures.history
        history[1].points[2].highMs = median
        let error = #expect(throws: RenderError.self) { try TrendPlot.render(history) }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("of render (particles 100000) at commit \(history[1].points[2].commit)") == true)
    }

    @Test func aSingleCommitAtZeroAndAScenarioWithoutResultsStillDraw() throws {
        let history = [
            HistorySeries(scenario: "first", minimumEffect: 0.01, points: [
                HistoryPoint(
                    commit: "0123456789abcdef", date: "2026-11-24", runs: 1, rounds: 1, frameMs: 0, lowMs: 0, highMs: 0,
                    change: nil, changePoint: HistoryChange(change: 0.5, pValue: 0, direction: .regression))
            ]),
            HistorySeries(scenario: "none yet", minimumEffect: 0.01, points: []),
        ]
        let figure = try TrendPlot.figure(history)
        let image = try TrendPlot.render(history)
        let origin = try figure.layout(font: PlotFont.load()).panelOrigin(0)
        #expect(PlotImage.count(
            of: ChartStyle.fail, in: image, (origin.x, origin.y, figure.panelWidth, figure.panelHeight)) > 50)
        #expect(figure.panels[0].yScale.upper > 0)
    }

    @Test func anEmptyHistoryIsATypedError() {
        let error = #expect(throws: RenderError.self) { try TrendPlot.render([]) }
        #expect(error?.code == .invalidArgument)
    }

    @Test func theTrendPlotMatchesItsReference() throws {
        let outcome = try assertSnapshot(
            of: TrendPlot.render(PlotFixtures.history), named: "trend-plot", in: PlotFixtures.references)
        guard case .matched(let comparison) = outcome else {
            Issue.record("\(outcome): review and commit the new reference image")
            return
        }
        #expect(comparison.passed)
    }
}
