import Foundation

/// The figure a verdict judged, in a few characters: "p99 1.11 ms ≤ 16.67" against the frame
/// budget (with "wall" for a parallel scenario), "speedup 310x ≥ 180x" for a scenario that
/// checks a speedup. The comparison is that of the numbers; a scenario that was not judged
/// shows "vs" instead.
enum FigureText {
    /// The p99 frame time that `BudgetJudge` compares with `budgetMs`: CPU time, or wall time
    /// when `parallel`.
    static func budget(cpu: FrameTimeSummary, wall: FrameTimeSummary, parallel: Bool, budgetMs: Double, verdict: Verdict)
        -> String
    {
        let p99 = parallel ? wall.p99 : cpu.p99
        let clock = parallel ? "wall p99" : "p99"
        let comparison = verdict == .notJudged ? "vs" : p99 <= budgetMs ? "≤" : ">"
        return String(format: "%@ %.2f ms %@ %.2f", clock, p99, comparison, budgetMs)
    }

    /// A measured speedup against the required one.
    static func speedup(_ speedup: Double, required: Double, verdict: Verdict) -> String {
        let comparison = verdict == .notJudged ? "vs" : speedup >= required ? "≥" : "<"
        return String(format: "speedup %.0fx %@ %.0fx", speedup, comparison, required)
    }
}
