import Foundation

/// A run in github-action-benchmark's `customSmallerIsBetter` format: a JSON list of
/// `{name, unit, value, range, extra}`, one entry per scenario.
///
/// `name` is the scenario's `BenchmarkName`, `unit` is `ms`, `value` the median CPU frame time,
/// `range` its median absolute deviation as `± x` and `extra` a line with p99, max, frame
/// count, verdict and, when counted, the hitches.
enum BenchmarkActionExport {
    /// One benchmark entry.
    struct Entry: Codable, Equatable, Sendable {
        /// Benchmark name, the key of its chart.
        var name: String
        /// Unit of `value`.
        var unit: String
        /// Median CPU frame time; smaller is better.
        var value: Double
        /// Spread shown next to the value.
        var range: String
        /// Free text shown in the tooltip.
        var extra: String
    }

    /// The entries of `run`, in run order.
    static func entries(_ run: RunResult) -> [Entry] {
        run.scenarios.map { scenario in
            let milliseconds = scenario.samples.cpuNs.map { Double($0) / 1e6 }
            let spread = milliseconds.isEmpty ? 0 : Percentiles.medianAbsoluteDeviation(milliseconds)
            let cpu = scenario.frameCPUMs
            return Entry(
                name: BenchmarkName.of(scenario.name, scenario.params),
                unit: "ms",
                value: cpu.p50,
                range: String(format: "± %.4f", spread),
                extra: String(
                    format: "p99 %.4f ms, max %.4f ms, %d frames, verdict %@",
                    cpu.p99, cpu.max, scenario.samples.cpuNs.count, scenario.verdict.rawValue)
                    + (scenario.hitches.map { String(format: ", %d hitches (%.2f ms/s)", $0.count, $0.msPerSecond) } ?? ""))
        }
    }

    /// The JSON text of `run`'s entries.
    static func encode(_ run: RunResult) throws -> Data {
        try ResultCoding.encode(entries(run))
    }
}
