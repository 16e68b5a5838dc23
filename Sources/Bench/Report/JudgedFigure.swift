import Foundation

/// The figure a scenario's verdict judged, in a few characters: "p99 1.11 ms ≤ 16.67" for a
/// budget (wall time for a parallel scenario), "speedup 310x ≥ 180x" for a scenario that
/// checks a speedup. Not-judged rows show the figure and its limit with "vs" instead of a comparison.
enum JudgedFigure {
    /// The figure of `scenario`: its speedup when it checks one, else its p99 against the
    /// frame budget `budgetMs`.
    static func of(_ scenario: ScenarioResult, budgetMs: Double) -> String {
        let judged = scenario.verdict != .notJudged
        if let required = scenario.requiredSpeedup {
            let speedup = scenario.speedup ?? 0
            guard judged else { return String(format: "speedup %.0fx vs %.0fx", speedup, required) }
            return String(format: "speedup %.0fx %@ %.0fx", speedup, speedup >= required ? "≥" : "<", required)
        }
        let parallel = scenario.samples.processCPUNs != nil
        let p99 = parallel ? scenario.frameWallMs.p99 : scenario.frameCPUMs.p99
        let clock = parallel ? "wall p99" : "p99"
        guard judged else { return String(format: "%@ %.2f ms vs %.2f", clock, p99, budgetMs) }
        return String(format: "%@ %.2f ms %@ %.2f", clock, p99, scenario.verdict == .pass ? "≤" : ">", budgetMs)
    }
}
