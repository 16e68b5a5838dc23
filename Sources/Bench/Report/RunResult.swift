/// One `bench` run as written to `results/<yyyyMMdd-HHmmss>-<commit>.json`.
///
/// The field names are a contract: they only change with `schema`.
struct RunResult: Codable, Equatable, Sendable {
    /// The schema version of this file.
    static let currentSchema = 1

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

    private enum CodingKeys: String, CodingKey {
        case schema, environment, settings, scenarios, verdict
        case createdAt = "created_at"
    }
}
