import Foundation

/// The figure a verdict judged, in a few characters: "p99 1.11 ms ≤ 16.67" against the frame
/// budget (with "wall" for a parallel scenario), "speedup 310x ≥ 180x" for a scenario that
/// checks a speedup. A scenario that was not judged shows the figure and its limit with "vs"
/// instead of a comparison.
enum JudgedFigure {
    /// The p99 frame time that `BudgetJudge` compares with `budgetMs`: CPU time, or wall time
    /// when `parallel`.
    static func budget(cpu: FrameTimeSummary, wall: FrameTimeSummary, parallel: Bool, budgetMs: Double, verdict: Verdict)
        -> String
    {
        let p99 = parallel ? wall.p99 : cpu.p99
        let clock = parallel ? "wall p99" : "p99"
        return String(format: "%@ %.2f ms %@ %.2f", clock, p99, comparison(verdict, pass: "≤", fail: ">"), budgetMs)
    }

    /// A measured speedup against the required one.
    static func speedup(_ speedup: Double, required: Double, verdict: Verdict) -> String {
        String(format: "speedup %.0fx %@ %.0fx", speedup, comparison(verdict, pass: "≥", fail: "<"), required)
    }

    private static func comparison(_ verdict: Verdict, pass: String, fail: String) -> String {
        switch verdict {
        case .pass: pass
        case .fail: fail
        case .notJudged: "vs"
        }
    }
}
