/// One run's median CPU frame time of one scenario, in a `HistorySeries`.
struct HistoryPoint: Codable, Equatable, Sendable {
    /// Short commit hash the run was measured at.
    var commit: String
    /// The run's `created_at` (UTC, ISO 8601).
    var date: String
    /// Median CPU frame time, in ms.
    var medianMs: Double
    /// Whether `bench compare`'s rule calls this point a regression against the previous one.
    var isRegression: Bool
    /// `medianMs / previous medianMs - 1`; nil for the first point.
    var change: Double?
    /// What the comparison with the previous point concluded, in a word or two: `regression`,
    /// `improvement`, `unchanged`, `not judged (other CPU)`, or empty for the first point.
    var mark: String

    private enum CodingKeys: String, CodingKey {
        case commit, date, change, mark
        case medianMs = "median_ms"
        case isRegression = "is_regression"
    }
}
