import Foundation

/// Judges frame times against the frame budget `1000 / fps` ms.
///
/// A single-threaded workload is judged on the measuring thread's CPU time, which noise from
/// other processes on a shared machine does not inflate. A parallel workload spreads a frame
/// over threads the measuring thread's clock does not see, so it is judged on wall time.
enum BudgetJudge {
    /// Pass when the p99 frame time is within the budget; the reason states both numbers.
    static func judge(cpu: FrameTimeSummary, wall: FrameTimeSummary, parallel: Bool, budgetMs: Double)
        -> Judgement
    {
        let (clock, p99) = parallel ? ("wall", wall.p99) : ("CPU", cpu.p99)
        let fits = p99 <= budgetMs
        let reason = String(
            format: "p99 %@ %.2f ms %@ budget %.2f ms", clock, p99, fits ? "<=" : ">", budgetMs)
        return Judgement(
            verdict: fits ? .pass : .fail, reason: reason,
            judged: JudgedFigure(statistic: "p99 \(clock) ms", value: p99, limit: budgetMs))
    }
}
