/// The trend of one scenario over commits, oldest first: what `bench history` prints and plots.
struct HistorySeries: Codable, Equatable, Sendable {
    /// The scenario's `BenchmarkName`, for example `confetti/particles:100000/threads:1`, with
    /// ` on <CPU>` when the runs came from several CPU models.
    var scenario: String
    /// The smallest change marked (``MinimumEffect``).
    var minimumEffect: Double
    /// One point per commit that measured the scenario, in the order the commits were measured.
    var points: [HistoryPoint]

    /// The points where a change begins.
    var changes: [HistoryPoint] { points.filter { $0.changePoint != nil } }

    private enum CodingKeys: String, CodingKey {
        case scenario, points
        case minimumEffect = "minimum_effect"
    }
}
