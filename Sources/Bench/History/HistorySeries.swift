/// The trend of one scenario over runs, oldest first: what `bench history` prints and plots.
struct HistorySeries: Codable, Equatable, Sendable {
    /// The scenario's `BenchmarkName`, for example `confetti/particles:100000/threads:1`.
    var scenario: String
    /// One point per run that measured the scenario, in run order.
    var points: [HistoryPoint]
}
