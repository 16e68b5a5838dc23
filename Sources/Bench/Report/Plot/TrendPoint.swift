/// One commit's result for one scenario in a trend plot.
struct TrendPoint: Equatable, Sendable {
    /// The commit hash (shortened to 7 characters on the axis).
    var commit: String
    /// When the commit's run was made, as the history reports it.
    var date: String
    /// The median frame time of the scenario at this commit, in ms.
    var medianMs: Double
    /// Whether this commit was flagged as a regression of the scenario.
    var isRegression: Bool
}
