import Foundation

/// A run in the Bencher Metric Format (BMF): `{"<benchmark>": {"latency": {"value",
/// "lower_value", "upper_value"}}}`, one benchmark per scenario.
///
/// The benchmark is the scenario's `BenchmarkName`; the measure is Bencher's built-in
/// `latency`, in nanoseconds: `value` is the median CPU frame time, `lower_value` the fastest
/// frame and `upper_value` the p99 frame, the number budgets are judged on.
enum BencherExport {
    /// One measure's numbers.
    struct Metric: Codable, Equatable, Sendable {
        /// Median CPU frame time, ns.
        var value: Double
        /// Fastest frame's CPU time, ns.
        var lowerValue: Double
        /// p99 CPU frame time, ns.
        var upperValue: Double

        private enum CodingKeys: String, CodingKey {
            case value
            case lowerValue = "lower_value"
            case upperValue = "upper_value"
        }
    }

    /// The measure's slug: Bencher's built-in latency, in nanoseconds.
    static let measure = "latency"

    /// Benchmark name to measure to metric, for `run`.
    static func metrics(_ run: RunResult) -> [String: [String: Metric]] {
        var result: [String: [String: Metric]] = [:]
        for scenario in run.scenarios {
            let cpu = scenario.frameCPUMs
            let fastest = scenario.samples.cpuNs.min().map { Double($0) } ?? cpu.p50 * 1e6
            result[BenchmarkName.of(scenario.name, scenario.params)] = [
                measure: Metric(value: cpu.p50 * 1e6, lowerValue: fastest, upperValue: cpu.p99 * 1e6)
            ]
        }
        return result
    }

    /// The JSON text of `run`'s metrics.
    static func encode(_ run: RunResult) throws -> Data {
        try ResultCoding.encode(metrics(run))
    }
}
