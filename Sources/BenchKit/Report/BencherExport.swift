import Foundation

/// A run in the Bencher Metric Format (BMF): `{"<benchmark>": {"latency": {"value",
/// "lower_value", "upper_value"}, "worst-frame": {"value"}, "hitch-time": {"value"}}}`, one
/// benchmark per scenario.
///
/// The benchmark is the scenario's `BenchmarkName`. The first measure is Bencher's built-in
/// `latency`, in nanoseconds: `value` is the median CPU frame time, `lower_value` the fastest
/// frame and `upper_value` the p99 frame, the number budgets are judged on. `worst-frame` is the
/// slowest CPU frame in nanoseconds, and `hitch-time` the milliseconds per second of play spent
/// beyond the hitch threshold (``HitchSummary``), when the run counted hitches.
enum BencherExport {
    /// One measure's numbers.
    struct Metric: Codable, Equatable, Sendable {
        /// The measured value: the median CPU frame time in ns for `latency`.
        var value: Double
        /// Fastest frame's CPU time, ns, for `latency`.
        var lowerValue: Double?
        /// p99 CPU frame time, ns, for `latency`.
        var upperValue: Double?

        private enum CodingKeys: String, CodingKey {
            case value
            case lowerValue = "lower_value"
            case upperValue = "upper_value"
        }
    }

    /// The latency measure's slug: Bencher's built-in latency, in nanoseconds.
    static let measure = "latency"
    /// The worst frame's slug, in nanoseconds.
    static let worstFrame = "worst-frame"
    /// The hitch time's slug, in milliseconds per second of play.
    static let hitchTime = "hitch-time"

    /// Benchmark name to measure to metric, for `run`.
    static func metrics(_ run: RunResult) -> [String: [String: Metric]] {
        var result: [String: [String: Metric]] = [:]
        for scenario in run.scenarios {
            let cpu = scenario.frameCPUMs
            let fastest = scenario.samples.cpuNs.min().map { Double($0) } ?? cpu.p50 * 1e6
            var measures = [
                measure: Metric(value: cpu.p50 * 1e6, lowerValue: fastest, upperValue: cpu.p99 * 1e6),
                worstFrame: Metric(value: scenario.samples.cpuNs.max().map { Double($0) } ?? cpu.max * 1e6),
            ]
            if let hitches = scenario.hitches { measures[hitchTime] = Metric(value: hitches.msPerSecond) }
            result[BenchmarkName.of(scenario.name, scenario.params)] = measures
        }
        return result
    }

    /// The JSON text of `run`'s metrics.
    static func encode(_ run: RunResult) throws -> Data {
        try ResultCoding.encode(metrics(run))
    }
}
