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
        let figure = JudgedFigure(
            statistic: "p99", clock: parallel ? .wall : .cpu, value: parallel ? wall.p99 : cpu.p99,
            limit: budgetMs, unit: .frameMilliseconds, rule: .atMost)
        let reason = String(
            format: "p99 %@ %.2f ms %@ budget %.2f ms", figure.clock?.label ?? "", figure.value,
            figure.passes ? "<=" : ">", budgetMs)
        return Judgement(judged: [figure], reason: reason)
    }
}
