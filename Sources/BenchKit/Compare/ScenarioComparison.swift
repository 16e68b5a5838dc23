/// How one scenario's frame times changed from a baseline run to a candidate run, judged on
/// round figures (``RoundStatistics``: each round's 10th-percentile frame time).
struct ScenarioComparison: Codable, Equatable, Sendable {
    /// What the statistics say.
    enum Outcome: String, Codable, Sendable {
        /// Slower by more than the minimum effect, with the interval above 0 and p < alpha.
        case regression
        /// Faster by more than the minimum effect, with the interval below 0 and p < alpha.
        case improvement
        /// Neither.
        case unchanged
    }

    /// Scenario name.
    var name: String
    /// Scenario parameters, equal in both runs.
    var params: [String: Int]
    /// Rounds of the baseline.
    var baselineRounds: Int
    /// Rounds of the candidate.
    var candidateRounds: Int
    /// The baseline's run figure (``RoundStatistics``), in ms.
    var baselineFrameMs: Double
    /// The candidate's run figure, in ms.
    var candidateFrameMs: Double
    /// `candidate / baseline - 1` of those figures.
    var change: Double
    /// Lower bound of the hierarchical bootstrap 95% confidence interval of `change`.
    var changeLower: Double
    /// Upper bound of that interval.
    var changeUpper: Double
    /// Two-sided Mann-Whitney U p-value of the round figures.
    var pValue: Double
    /// The smallest change judged (``MinimumEffect``).
    var minimumEffect: Double
    /// Where `minimumEffect` came from.
    var minimumEffectSource: MinimumEffect.Source
    /// The conclusion of the statistics.
    var outcome: Outcome
    /// Why the outcome is advisory and cannot fail a build; nil when it is a verdict.
    var advisory: String?
    /// Relative change of the instructions per frame, when both runs counted them.
    var instructionChange: Double?

    /// Whether this comparison fails a build: a regression that is a verdict.
    var failsBuild: Bool { outcome == .regression && advisory == nil }

    /// The outcome as the report prints it: `regression`, `improvement`, `unchanged`, with
    /// ` (advisory)` when it is not a verdict.
    var outcomeText: String { outcome.rawValue + (advisory == nil ? "" : " (advisory)") }

    private enum CodingKeys: String, CodingKey {
        case name, params, change, outcome, advisory
        case baselineRounds = "baseline_rounds"
        case candidateRounds = "candidate_rounds"
        case baselineFrameMs = "baseline_frame_ms"
        case candidateFrameMs = "candidate_frame_ms"
        case changeLower = "change_ci_lower"
        case changeUpper = "change_ci_upper"
        case pValue = "p_value"
        case minimumEffect = "minimum_effect"
        case minimumEffectSource = "minimum_effect_source"
        case instructionChange = "instruction_change"
    }
}
