import Foundation
import Systems
import Testing

@testable import Bench

/// Tests of `bench history`.
struct HistoryTests {
    /// Three runs written out of time order: `a` steady then 50% slower, `b` only in the
    /// first and last run.
    private func threeFiles(in directory: String) throws -> [String] {
        let first = ResultFiles.run(
            [("a", 1e6), ("b", 2e6)], seed: 1, createdAt: "2026-03-01T10:00:00Z", commit: "1111111")
        let second = ResultFiles.run([("a", 1e6)], seed: 2, createdAt: "2026-03-02T10:00:00Z", commit: "2222222")
        let third = ResultFiles.run(
            [("a", 1.5e6), ("b", 2e6)], seed: 3, createdAt: "2026-03-03T10:00:00Z", commit: "3333333")
        return [
            try ResultFiles.write(third, "3.json", in: directory),
            try ResultFiles.write(first, "1.json", in: directory),
            try ResultFiles.write(second, "2.json", in: directory),
        ]
    }

    /// Series follow the files' times and mark the regression compare would call.
    @Test func seriesFollowTimeAndMarkRegressions() throws {
        let runs = try HistoryInput.load(try threeFiles(in: try Fixtures.temporaryDirectory()))
        let series = HistoryBuilder(comparator: Comparator()).series(runs)
        #expect(series.map(\.scenario) == ["a/work:10", "b/work:10"])
        let a = series[0].points
        #expect(a.map(\.commit) == ["1111111", "2222222", "3333333"])
        #expect(a.map(\.date) == ["2026-03-01T10:00:00Z", "2026-03-02T10:00:00Z", "2026-03-03T10:00:00Z"])
        #expect(a.map(\.isRegression) == [false, false, true])
        #expect(a.map(\.mark) == ["", "unchanged", "regression"])
        #expect(a[0].change == nil)
        #expect(abs(a[2].change! - 0.5) < 0.03)
        #expect(abs(a[2].medianMs - 1.5) < 0.05 && abs(a[0].medianMs - 1) < 0.03)
        let b = series[1].points
        #expect(b.map(\.commit) == ["1111111", "3333333"])
        #expect(b.map(\.isRegression) == [false, false])
    }

    /// The table has one block per scenario with the documented columns and the mark.
    @Test func tableShowsTheTrend() throws {
        let files = try threeFiles(in: try Fixtures.temporaryDirectory())
        let series = HistoryBuilder(comparator: Comparator()).series(try HistoryInput.load(files))
        let lines = try HistoryReport.rendered(series, format: .table).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[0] == "a/work:10")
        #expect(lines[1].split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
            == "commit date median CPU ms change mark")
        #expect(lines[2].hasPrefix("1111111  2026-03-01T10:00:00Z") && lines[2].contains(" -"))
        #expect(lines[3].hasSuffix("unchanged"))
        let change = String(format: "%+.1f%%", try #require(series[0].points[2].change) * 100)
        #expect(lines[4].hasPrefix("3333333") && lines[4].hasSuffix("REGRESSION") && lines[4].contains(change))
        #expect(lines[5] == "" && lines[6] == "b/work:10")
        let csv = try HistoryReport.rendered(series, format: .csv).split(separator: "\n")
        #expect(csv[0] == "scenario,commit,date,median CPU ms,change,mark")
        #expect(csv.count == 1 + 3 + 2)
        #expect(csv[3].hasPrefix("a/work:10,3333333,2026-03-03T10:00:00Z,") && csv[3].hasSuffix(",REGRESSION"))
        let json = try JSONSerialization.jsonObject(with: Data(try HistoryReport.rendered(series, format: .json).utf8)) as? [[String: Any]]
        let point = try #require((json?[0]["points"] as? [[String: Any]])?[2])
        #expect(point["is_regression"] as? Bool == true && point["commit"] as? String == "3333333")
        #expect(point["median_ms"] is Double)
    }

    /// A point measured on another CPU than the previous one is not judged.
    @Test func otherCPUIsNotJudged() {
        let first = ResultFiles.run([("a", 1e6)], seed: 1, cpu: "one", createdAt: "2026-03-01T10:00:00Z")
        let second = ResultFiles.run([("a", 2e6)], seed: 2, cpu: "two", createdAt: "2026-03-02T10:00:00Z")
        let points = HistoryBuilder(comparator: Comparator()).series([first, second])[0].points
        #expect(points[1].isRegression == false)
        #expect(points[1].mark == "not judged (other CPU)")
        #expect(abs(points[1].change! - 1) < 0.1)
    }

    /// The command runs on the files, and a bad file or time is one line, exit 1.
    @Test func badFilesGiveOneLine() throws {
        let directory = try Fixtures.temporaryDirectory()
        let files = try threeFiles(in: directory)
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
        #expect(outcome?.line == "cannot write \(plot): \(plot) is a directory")
        #expect(outcome?.status == .error)
    }
}
