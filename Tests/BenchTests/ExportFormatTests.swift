import ArgumentParser
import Foundation
import Testing

@testable import Bench
@testable import BenchKit

/// The github-action-benchmark and Bencher outputs against their documented shapes.
struct ExportFormatTests {
    private let run = ResultFiles.run([("confetti", 2e6), ("render", 5e5)], seed: 8)

    /// `--format` accepts both export formats next to the report formats.
    @Test func formatOptionAcceptsTheExports() throws {
        let parsed = try #require(try BenchCommand<EcsBench>.parseStrictly(["--format", "github-action-benchmark"]) as? BenchCommand<EcsBench>)
        #expect(parsed.format == .githubActionBenchmark)
        #expect(RunOutputFormat(argument: "bencher") == .bencher)
        #expect(RunOutputFormat.bencher.report == nil && RunOutputFormat.csv.report == .csv)
        #expect(ResultFiles.failure(["--format", "bmf"])?.status == .error)
    }

    /// customSmallerIsBetter: a list of {name, unit, value, range, extra} with string name,
    /// unit, range and extra and a number value, one per scenario.
    @Test func benchmarkActionListsOneEntryPerScenario() throws {
        let json = try JSONSerialization.jsonObject(with: try BenchmarkActionExport.encode(run))
        let entries = try #require(json as? [[String: Any]])
        #expect(entries.count == 2)
        for (entry, scenario) in zip(entries, run.scenarios) {
            #expect(Set(entry.keys) == ["name", "unit", "value", "range", "extra"])
            #expect(entry["name"] as? String == "\(scenario.name)/work:10")
            #expect(entry["unit"] as? String == "ms")
            let value = try #require(entry["value"] as? Double)
            #expect(value == scenario.frameCPUMs.p50)
            #expect((entry["range"] as? String)?.hasPrefix("± ") == true)
            #expect((entry["extra"] as? String)?.contains("200 frames") == true)
        }
        #expect(abs((entries[0]["value"] as? Double ?? 0) - 2) < 0.06)
    }

    /// Bencher Metric Format: benchmark name to measure slug to {value, lower_value,
    /// upper_value}, all numbers in ns, lower <= value <= upper; the worst frame in ns and the
    /// hitch time in ms per second of play beside it.
    @Test func bencherMapsBenchmarksToLatency() throws {
        let json = try JSONSerialization.jsonObject(with: try BencherExport.encode(run))
        let benchmarks = try #require(json as? [String: Any])
        #expect(Set(benchmarks.keys) == ["confetti/work:10", "render/work:10"])
        for (name, scenario) in zip(["confetti/work:10", "render/work:10"], run.scenarios) {
            let measures = try #require(benchmarks[name] as? [String: Any])
            #expect(Set(measures.keys) == ["latency", "worst-frame", "hitch-time"])
            let worst = try #require(measures["worst-frame"] as? [String: Any])
            #expect(Set(worst.keys) == ["value"])
            #expect(worst["value"] as? Double == Double(scenario.samples.cpuNs.max()!))
            let hitchTime = try #require(measures["hitch-time"] as? [String: Any])
            #expect(hitchTime["value"] as? Double == scenario.hitches?.msPerSecond)
            let metric = try #require(measures["latency"] as? [String: Any])
            #expect(Set(metric.keys) == ["value", "lower_value", "upper_value"])
            let value = try #require(metric["value"] as? Double)
            let lower = try #require(metric["lower_value"] as? Double)
            let upper = try #require(metric["upper_value"] as? Double)
            #expect(value == scenario.frameCPUMs.p50 * 1e6)
            #expect(lower == Double(scenario.samples.cpuNs.min()!))
            #expect(abs(upper - scenario.frameCPUMs.p99 * 1e6) < 1e-3)
            #expect(lower <= value && value <= upper)
        }
    }
}
