/// The outcome of judging a scenario or a whole run.
package enum Verdict: String, Codable, Sendable {
    /// Within budget, or the scenario's own check held.
    case pass
    /// Over budget, or the scenario's own check failed.
    case fail
    /// Measured but not judged (a debug build's timings mean nothing against budgets).
    case notJudged = "not_judged"

    /// The run's verdict: `fail` if any scenario failed, else `not_judged` if any was not
    /// judged, else `pass` (also for an empty run).
    package static func overall(_ verdicts: [Verdict]) -> Verdict {
        if verdicts.contains(.fail) { return .fail }
        if verdicts.contains(.notJudged) { return .notJudged }
        return .pass
    }
}
