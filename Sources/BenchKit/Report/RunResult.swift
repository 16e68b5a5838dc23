/// One `bench` run as written to `results/<yyyyMMdd-HHmmss-SSS>-<commit>.json`.
///
/// The field names are a contract: they only change with `schema`.
struct RunResult: Codable, Equatable, Sendable {
    /// The schema version of this file: 2 since runs hold rounds.
    static let currentSchema = 2
    /// The schema versions `ResultCoding.load` reads: 1 (one round, no `rounds` key) and 2.
    static let readableSchemas = 1...currentSchema

    /// Schema version, `currentSchema` when written by this build.
    var schema: Int
    /// UTC start of the run, ISO 8601.
    var createdAt: String
    /// The machine and build the run was measured on.
    var environment: Environment
    /// The settings the run was made with.
    var settings: RunSettings
    /// One result per scenario, in run order.
    var scenarios: [ScenarioResult]
    /// `Verdict.overall` of the scenarios.
    var verdict: Verdict
    /// The rounds the scenarios' samples came from, in order: one for a run in one process.
    var rounds: [RoundRecord]

    private enum CodingKeys: String, CodingKey {
        case schema, environment, settings, scenarios, verdict, rounds
        case createdAt = "created_at"
    }
}

extension RunResult {
    /// Decodes every field; a file without `rounds` (schema 1) was one round, measured in the
    /// run's own environment.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let createdAt = try container.decode(String.self, forKey: .createdAt)
        let environment = try container.decode(Environment.self, forKey: .environment)
        self.init(
            schema: try container.decode(Int.self, forKey: .schema),
            createdAt: createdAt,
            environment: environment,
            settings: try container.decode(RunSettings.self, forKey: .settings),
            scenarios: try container.decode([ScenarioResult].self, forKey: .scenarios),
            verdict: try container.decode(Verdict.self, forKey: .verdict),
            rounds: try container.decodeIfPresent([RoundRecord].self, forKey: .rounds)
                ?? [RoundRecord(index: 0, createdAt: createdAt, loadAverage: environment.loadAverage)])
    }
}
