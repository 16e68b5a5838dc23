/// How one scenario's CPU frame times changed from a baseline run to a candidate run.
struct ScenarioComparison: Codable, Equatable, Sendable {
    /// What the comparison concluded.
    enum Outcome: String, Codable, Sendable {
        /// Significantly slower by more than the noise floor.
        case regression
        /// Significantly faster by more than the noise floor.
        case improvement
        /// Neither.
        case unchanged
    }

    /// Scenario name.
    var name: String
    /// Scenario parameters, equal in both runs.
    var params: [String: Int]
    /// Median CPU frame time of the baseline, in ms.
    var baselineMedianMs: Double
    /// Median CPU frame time of the candidate, in ms.
    var candidateMedianMs: Double
    /// `candidate / baseline - 1` of the medians.
    var change: Double
    /// Lower bound of the bootstrap 95% confidence interval of `change`.
    var changeLower: Double
    /// Upper bound of the bootstrap 95% confidence interval of `change`.
    var changeUpper: Double
    /// Two-sided Mann-Whitney U p-value of the raw CPU samples.
    var pValue: Double
    /// The conclusion.
    var outcome: Outcome

    private enum CodingKeys: String, CodingKey {
        case name, params, change, outcome
        case baselineMedianMs = "baseline_median_ms"
        case candidateMedianMs = "candidate_median_ms"
        case changeLower = "change_ci_lower"
        case changeUpper = "change_ci_upper"
        case pValue = "p_value"
    }
}
