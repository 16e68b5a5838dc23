import Foundation

/// The text of `bench noise`: each scenario's spread between rounds of one binary, and the
/// minimum effects that spread gives a comparison.
struct NoiseReport: Codable, Equatable, Sendable {
    /// One scenario's spread.
    struct Row: Codable, Equatable, Sendable {
        /// The scenario's `BenchmarkName`.
        var scenario: String
        /// Rounds measured.
        var rounds: Int
        /// The run figure of the rounds (``RoundStatistics``), in ms.
        var frameMs: Double
        /// Median absolute deviation of the round figures over their median, scaled by 1.4826
        /// to estimate a standard deviation.
        var spread: Double
        /// (slowest - fastest round figure) / run figure.
        var range: Double
        /// The minimum effect of a comparison of `comparedRounds` rounds against as many, from
        /// these rounds alone.
        var minimumEffect: Double

        private enum CodingKeys: String, CodingKey {
            case scenario, rounds, spread, range
            case frameMs = "frame_ms"
            case minimumEffect = "minimum_effect"
        }
    }

    /// Rounds per side the minimum effects are for.
    var comparedRounds: Int
    /// One row per scenario, in run order.
    var rows: [Row]

    /// The spread of every scenario of `run` (a run of several rounds), with minimum effects for
    /// comparisons of `comparedRounds` rounds per side.
    init(_ run: RunResult, comparedRounds: Int) {
        self.comparedRounds = comparedRounds
        rows = run.scenarios.map { scenario in
            let figures = RoundStatistics.roundFigures(scenario)
            let relative = MinimumEffect.relative(figures)
            let deviation = Percentiles.medianAbsoluteDeviation(relative)
            return Row(
                scenario: BenchmarkName.of(scenario.name, scenario.params), rounds: figures.count,
                frameMs: RoundStatistics.runFigure(figures) / 1e6, spread: 1.4826 * deviation,
                range: (relative.max() ?? 1) - (relative.min() ?? 1),
                minimumEffect: MinimumEffect(floor: 0).value(
                    observed: [], sides: (comparedRounds, comparedRounds), calibrated: relative
                ).value)
        }
    }

    /// The table of rows.
    var table: TextTable {
        TextTable(
            headers: ["scenario", "rounds", "frame ms", "spread", "range", "min effect \(comparedRounds)/\(comparedRounds)"],
            rows: rows.map { row in
                [
                    row.scenario, String(row.rounds), String(format: "%.4f", row.frameMs),
                    String(format: "%.1f%%", row.spread * 100), String(format: "%.1f%%", row.range * 100),
                    String(format: "%.1f%%", row.minimumEffect * 100),
                ]
            })
    }

    /// The report in `format`: the table, or the JSON of the report.
    func rendered(_ format: OutputFormat) throws -> String {
        if let text = table.rendered(format) { return text }
        return String(decoding: try ResultCoding.encode(self), as: UTF8.self) + "\n"
    }

    private enum CodingKeys: String, CodingKey {
        case rows
        case comparedRounds = "compared_rounds"
    }
}
