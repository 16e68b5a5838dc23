/// The number a verdict was judged on, next to its limit, so that a report can show which
/// statistic decided (for example "p99 CPU ms" 1.05 against 16.67).
struct JudgedFigure: Equatable, Sendable {
    /// What the number is: statistic, clock and unit, e.g. "median of 10-frame minima, CPU ms".
    var statistic: String
    /// The judged value.
    var value: Double
    /// The limit it is judged against.
    var limit: Double
}
