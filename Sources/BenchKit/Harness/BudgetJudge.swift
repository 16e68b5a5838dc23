import Foundation

/// Judges frame times against the frame budget `1000 / fps` ms.
///
/// A single-threaded workload is judged on the p99 of the measuring thread's CPU time, which
/// noise from other processes on a shared machine does not inflate.
///
/// A parallel workload spreads a frame over threads the measuring thread's clock does not see,
/// so it is judged on wall time, and wall time is what a busy neighbour stretches: while it
/// holds a core, a frame that needs both cores waits for it. Its p99 then measures the
/// neighbour, not the frame. A parallel verdict is therefore judged on the median of the
/// 10-frame minima of wall time (``BatchMinima``): load cannot lower it into a false failure,
/// and no single lucky frame can set it, since half the batches must reach it. Its p99 wall
/// time is reported beside it in the reason.
package enum BudgetJudge {
    /// Pass when the judged statistic of `samples` is within `budgetMs`; the reason states the
    /// numbers.
    package static func judge(_ samples: FrameSamples, parallel: Bool, budgetMs: Double) -> Judgement {
        guard parallel else {
            let p99 = FrameTimeSummary(nanoseconds: samples.cpuNs).p99
            let figure = JudgedFigure(
                statistic: "p99", clock: .cpu, value: p99, limit: budgetMs, unit: .frameMilliseconds, rule: .atMost)
            let reason = String(
                format: "p99 CPU %.2f ms %@ budget %.2f ms", p99, figure.passes ? "<=" : ">", budgetMs)
            return Judgement(judged: [figure], reason: reason)
        }
        let wallMs = samples.wallNs.map { Double($0) / 1e6 }
        let figure = JudgedFigure(
            statistic: "median of batch minima", clock: .wall, value: BatchMinima.medianOfMinima(wallMs) ?? .infinity,
            limit: budgetMs, unit: .frameMilliseconds, rule: .atMost)
        let reason = String(
            format: "wall %.2f ms (median of 10-frame minima; p99 %.2f ms) %@ budget %.2f ms", figure.value,
            FrameTimeSummary(nanoseconds: samples.wallNs).p99, figure.passes ? "<=" : ">", budgetMs)
        return Judgement(judged: [figure], reason: reason)
    }
}
