/// The A/A spread of each scenario, as `bench noise --save` records it in
/// `Benchmarks/noise.json`: the figures (``RoundStatistics``) of repeated rounds of one binary,
/// each divided by the run figure of its own sitting, so sittings on different machines pool
/// into one spread.
///
/// `MinimumEffect` draws A/A comparisons from these values: the smallest change `bench compare`
/// and `bench history` judge is the one that comparisons of a binary with itself stay below.
struct NoiseCalibration: Codable, Equatable, Sendable {
    /// One sitting of `bench noise --save` that contributed rounds.
    struct Sitting: Codable, Equatable, Sendable {
        /// UTC start of the sitting, ISO 8601.
        var createdAt: String
        /// The CPU it ran on.
        var cpuModel: String
        /// The commit of the binary.
        var commit: String
        /// Rounds measured.
        var rounds: Int

        private enum CodingKeys: String, CodingKey {
            case commit, rounds
            case createdAt = "created_at"
            case cpuModel = "cpu_model"
        }
    }

    /// The schema of this file: 2 since rounds are figured by their 10th percentile (schema 1
    /// held round medians, a spread that no longer applies).
    static let currentSchema = 2
    /// Relative round figures kept per scenario; older ones are dropped first.
    static let keptPerScenario = 100

    /// Schema version.
    var schema = currentSchema
    /// The sittings that contributed, oldest first.
    var sittings: [Sitting] = []
    /// Per scenario (``BenchmarkName``): round figures over their sitting's run figure, oldest first.
    var scenarios: [String: [Double]] = [:]

    /// The relative round figures of scenario `name` (a ``BenchmarkName``); empty when it was
    /// never calibrated.
    func rounds(of name: String) -> [Double] { scenarios[name] ?? [] }

    /// Adds the rounds of `run` (a run of several rounds of one binary) to each of its
    /// scenarios, keeping the newest `keptPerScenario` values.
    mutating func add(_ run: RunResult) {
        sittings.append(
            Sitting(
                createdAt: run.createdAt, cpuModel: run.environment.cpuModel, commit: run.environment.commit,
                rounds: run.rounds.count))
        for scenario in run.scenarios {
            let name = BenchmarkName.of(scenario.name, scenario.params)
            let values = (scenarios[name] ?? []) + MinimumEffect.relative(RoundStatistics.roundFigures(scenario))
            scenarios[name] = Array(values.suffix(Self.keptPerScenario))
        }
    }

    private enum CodingKeys: String, CodingKey {
        case schema, sittings, scenarios
    }
}
