/// One commit of a `HistorySeries`: every round measured at that commit, summarised.
struct HistoryPoint: Codable, Equatable, Sendable {
    /// Short commit hash.
    var commit: String
    /// The `created_at` of the commit's first run (UTC, ISO 8601).
    var date: String
    /// Result files measured at the commit.
    var runs: Int
    /// Rounds measured at the commit, over all its runs.
    var rounds: Int
    /// The run figure of all the commit's rounds (``RoundStatistics``), in ms: the commit's value
    /// in the series.
    var frameMs: Double
    /// The fastest round's figure, in ms.
    var lowMs: Double
    /// The slowest round's figure, in ms.
    var highMs: Double
    /// `frameMs / previous frameMs - 1`, for reading only; nil for the first commit.
    var change: Double?
    /// The change that begins at this commit, when a change point was found here.
    var changePoint: HistoryChange?

    private enum CodingKeys: String, CodingKey {
        case commit, date, runs, rounds, change
        case frameMs = "frame_ms"
        case lowMs = "low_ms"
        case highMs = "high_ms"
        case changePoint = "change_point"
    }
}

/// A change of level that begins at a commit: a change point of the series of commit values.
struct HistoryChange: Codable, Equatable, Sendable {
    /// Slower or faster.
    enum Direction: String, Codable, Sendable {
        /// The frame got slower.
        case regression
        /// The frame got faster.
        case improvement
    }

    /// Relative change of the mean commit value, from the segment before to the segment after.
    var change: Double
    /// Two-sided p-value of Student's t-test between the segments.
    var pValue: Double
    /// Slower or faster.
    var direction: Direction

    private enum CodingKeys: String, CodingKey {
        case change, direction
        case pValue = "p_value"
    }
}
