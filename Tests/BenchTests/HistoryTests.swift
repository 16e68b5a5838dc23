import Foundation
import Render
import Testing

@testable import Bench
@testable import BenchKit

/// Tests of `bench history`.
struct HistoryTests {
    /// Runs of scenario `a`, one per entry of `levels` (median ns at each commit, in order), of
    /// 5 rounds each; commit `n` is `c00000n` and is measured on day n.
    private func runs(_ levels: [Double], seed: UInt64 = 1, rounds: Int = 5, cpu: String = "test cpu") -> [RunResult] {
        levels.enumerated().map { index, level in
            ResultFiles.run(
                [("a", level)], seed: seed &* 100 &+ UInt64(index), rounds: rounds, roundSpread: 0.03, cpu: cpu,
                createdAt: String(format: "2026-03-%02dT10:00:00Z", index + 1), commit: String(format: "c%06d", index))
        }
    }

    /// A 20% step is marked at the commit where it begins, with its size; no other commit is.
    @Test func aStepIsMarkedWhereItBegins() throws {
        let levels = (0..<16).map { $0 < 9 ? 1e6 : 1.2e6 }
        let series = HistoryBuilder().series(runs(levels))
        #expect(series.map(\.scenario) == ["a/work:10"])
        let points = series[0].points
        #expect(points.map(\.commit) == (0..<16).map { String(format: "c%06d", $0) })
        #expect(series[0].changes.map(\.commit) == ["c000009"])
        let change = try #require(points[9].changePoint)
        #expect(change.direction == .regression && abs(change.change - 0.2) < 0.03)
        #expect(points.allSatisfy { $0.rounds == 5 && $0.runs == 1 && $0.lowMs <= $0.frameMs && $0.frameMs <= $0.highMs })
    }

    /// A flat series of noisy rounds has no change point, over many seeds.
    @Test func aFlatSeriesHasNoChangePoint() {
        for seed in 1...30 as ClosedRange<UInt64> {
            let series = HistoryBuilder().series(runs(Array(repeating: 1e6, count: 20), seed: seed))
            #expect(series[0].changes.isEmpty, "seed \(seed)")
        }
    }

    /// Three runs of one commit are one point of 15 rounds, never a regression of the commit
    /// against itself (the issue's +30.5%, now that rounds are the samples).
    @Test func repeatedRunsOfOneCommitAreOnePoint() {
        let repeated = [0.9e6, 1.2e6, 1e6].enumerated().map { index, level in
            ResultFiles.run(
                [("a", level)], seed: UInt64(index), rounds: 5, createdAt: "2026-03-0\(index + 1)T10:00:00Z",
                commit: "same")
        }
        let series = HistoryBuilder().series(repeated)[0]
        #expect(series.points.count == 1 && series.points[0].runs == 3 && series.points[0].rounds == 15)
        #expect(series.changes.isEmpty)
    }

    /// A slow drift and outlier rounds: the drift is marked as slower (if at all), and an
    /// outlier round of a commit moves neither its median nor the change point.
    @Test func driftAndOutliers() {
        let drift = HistoryBuilder().series(runs((0..<30).map { 1e6 * (1 + 0.4 * Double($0) / 30) }))[0]
        #expect(drift.changes.allSatisfy { $0.changePoint?.direction == .regression })
        var withOutliers = runs((0..<16).map { $0 < 9 ? 1e6 : 1.2e6 })
        for index in [3, 12] {
            withOutliers[index].scenarios[0].samples.cpuNs.indices.prefix(40).forEach {
                withOutliers[index].scenarios[0].samples.cpuNs[$0] *= 2
            }
        }
        let series = HistoryBuilder().series(withOutliers)[0]
        #expect(series.changes.map(\.commit) == ["c000009"])
        #expect(series.points[3].highMs > 1.9 && series.points[3].frameMs < 1.1)
    }

    /// Runs from two CPU models form two series; a change of machine is never a change point.
    @Test func machinesAreSeparateSeries() {
        let all = runs([1e6, 1e6, 1e6], cpu: "one") + runs([2e6, 2e6, 2e6], seed: 9, cpu: "two")
        let series = HistoryBuilder().series(all)
        #expect(series.map(\.scenario) == ["a/work:10 on one", "a/work:10 on two"])
        #expect(series.allSatisfy { $0.changes.isEmpty })
    }

    /// The table has one block per scenario with the documented columns and the change point.
    @Test func tableShowsTheTrend() throws {
        let series = HistoryBuilder().series(runs((0..<12).map { $0 < 6 ? 1e6 : 1.3e6 }))
        let text = try HistoryReport.rendered(series, format: .table)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0].hasPrefix("a/work:10 (minimum effect ") && lines[0].hasSuffix("; 1 change point)"))
        #expect(lines[1].split(separator: " ").joined(separator: " ") == "commit date runs rounds frame ms range ms change change point")
        #expect(lines[2].hasPrefix("c000000  2026-03-01T10:00:00Z  1     5") && lines[2].contains(" -"))
        #expect(lines[8].hasPrefix("c000006") && lines[8].contains("REGRESSION +"))
        let csv = try HistoryReport.rendered(series, format: .csv).split(separator: "\n")
        #expect(csv[0] == "scenario,commit,date,runs,rounds,frame ms,range ms,change,change point")
        #expect(csv.count == 13 && csv[7].contains(",REGRESSION +"))
        let json = try JSONSerialization.jsonObject(with: Data(try HistoryReport.rendered(series, format: .json).utf8)) as? [[String: Any]]
        let point = try #require((json?[0]["points"] as? [[String: Any]])?[6])
        let change = try #require(point["change_point"] as? [String: Any])
        #expect(change["direction"] as? String == "regression" && change["p_value"] is Double)
        #expect(point["frame_ms"] is Double && point["rounds"] as? Int == 5)
    }

    /// The command runs on files in any order, and a bad file or time is one line, exit 1.
    @Test func badFilesGiveOneLine() throws {
        let directory = try Fixtures.temporaryDirectory()
        let files = try runs([1e6, 1e6, 1.5e6]).enumerated().reversed().map {
            try ResultFiles.write($0.element, "\($0.offset).json", in: directory)
        }
        #expect(ResultFiles.failure(["history"] + files + ["--format", "csv"]) == nil)
        let empty = try ResultFiles.write(ResultFiles.run([("a", 1e6)], seed: 4), "empty.json", in: directory) {
            ResultFiles.setCPUSamples([], in: &$0)
        }
        let badTime = try ResultFiles.write(ResultFiles.run([("a", 1e6)], seed: 4, createdAt: "yesterday"), "t.json", in: directory)
        for (path, reason) in [
            (empty, "scenario 'a' has no cpu_ns samples"),
            (badTime, "created_at 'yesterday' is not an ISO 8601 UTC time"),
            (directory + "/none.json", "no such file"),
        ] {
            let outcome = ResultFiles.failure(["history"] + files + [path])
            #expect(outcome?.status == .error)
            #expect(outcome?.line == "\(path): \(reason)")
        }
        #expect(ResultFiles.failure(["history"])?.line == "bench history needs at least one result file")
        #expect(ResultFiles.failure(["history", files[0], "--max-p", "2"])?.line == "--max-p must be in 0...1, got 2.0")
        #expect(ResultFiles.failure(["history", files[0], "--window", "1"])?.line == "--window must be in 2...10000, got 1")
    }

    /// `--plot` must name a .png file in a writable directory, and gets the trend plot.
    @Test func plotPathIsValidatedAndThePlotWritten() throws {
        let directory = try Fixtures.temporaryDirectory()
        let file = try ResultFiles.write(ResultFiles.run([("a", 1e6)], seed: 1), "1.json", in: directory)
        #expect(ResultFiles.failure(["history", file, "--plot", directory + "/trend.png"]) == nil)
        let plot = try PNGCodec.read(contentsOf: directory + "/trend.png")
        #expect(plot.width > 0 && plot.height > 0)
        let wrongType = ResultFiles.failure(["history", file, "--plot", directory + "/trend.jpg"])
        #expect(wrongType?.line == "--plot must name a .png file, got '\(directory)/trend.jpg'")
        let missing = ResultFiles.failure(["history", file, "--plot", directory + "/no/trend.png"])
        #expect(missing?.line == "--plot \(directory)/no/trend.png: directory \(directory)/no is missing or not writable")
        #expect(missing?.status == .error)
    }

    /// A plot that cannot be written says why in one line, without the render error's code.
    @Test func plotWriteFailureSaysWhy() throws {
        let directory = try Fixtures.temporaryDirectory()
        let file = try ResultFiles.write(ResultFiles.run([("a", 1e6)], seed: 1), "1.json", in: directory)
        let plot = directory + "/trend.png"
        try FileManager.default.createDirectory(atPath: plot, withIntermediateDirectories: false)
        let outcome = ResultFiles.failure(["history", file, "--plot", plot])
        #expect(outcome?.line == "cannot write \(plot): it is a directory")
        #expect(outcome?.status == .error)
    }
}
