/// One scenario's results over commits, oldest first, for a trend plot.
struct TrendSeries: Equatable, Sendable {
    /// The scenario's name (with its parameters when they tell runs apart).
    var scenario: String
    /// One point per commit, oldest first.
    var points: [TrendPoint]
}
