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
    /// Pass when the judged statistics of `samples` are within `budgetMs`: the p99 (see above)
    /// and, in `statistics`, the worst frame (the slowest CPU frame on one thread; on several,
    /// the slowest 10-frame minimum of wall time, which load cannot raise by itself); and, when
    /// `hitches` has a budget, the hitch time per second of play. The reason states the numbers.
    package static func judge(
        _ samples: FrameSamples, parallel: Bool, budgetMs: Double, statistics: Set<FrameStatistic> = [.p99],
        hitches: (summary: HitchSummary, budget: Double)? = nil
    ) -> Judgement {
        var figures: [JudgedFigure] = []
        var reasons: [String] = []
        if parallel {
            let wallMs = samples.wallNs.map { Double($0) / 1e6 }
            let p99 = FrameTimeSummary(nanoseconds: samples.wallNs).p99
            if statistics.contains(.p99) {
                let figure = JudgedFigure(
                    statistic: "median of batch minima", clock: .wall, value: BatchMinima.medianOfMinima(wallMs) ?? .infinity,
                    limit: budgetMs, unit: .frameMilliseconds, rule: .atMost)
                figures.append(figure)
                reasons.append(String(
                    format: "wall %.2f ms (median of 10-frame minima; p99 %.2f ms) %@ budget %.2f ms", figure.value, p99,
                    figure.passes ? "<=" : ">", budgetMs))
            }
            if statistics.contains(.max) {
                let figure = JudgedFigure(
                    statistic: "max of batch minima", clock: .wall, value: BatchMinima.minima(wallMs).max() ?? .infinity,
                    limit: budgetMs, unit: .frameMilliseconds, rule: .atMost)
                figures.append(figure)
                reasons.append(String(
                    format: "worst wall %.2f ms (max of 10-frame minima) %@ budget %.2f ms", figure.value,
                    figure.passes ? "<=" : ">", budgetMs))
            }
        } else {
            let cpu = FrameTimeSummary(nanoseconds: samples.cpuNs)
            for (statistic, value) in [(FrameStatistic.p99, cpu.p99), (.max, cpu.max)] where statistics.contains(statistic) {
                let figure = JudgedFigure(
                    statistic: statistic.rawValue, clock: .cpu, value: value, limit: budgetMs, unit: .frameMilliseconds, rule: .atMost)
                figures.append(figure)
                reasons.append(String(
                    format: "%@ CPU %.2f ms %@ budget %.2f ms", statistic.rawValue, value, figure.passes ? "<=" : ">", budgetMs))
            }
        }
        if let hitches {
            let figure = JudgedFigure(
                statistic: "hitch time", clock: parallel ? .wall : .cpu, value: hitches.summary.msPerSecond,
                limit: hitches.budget, unit: .millisecondsPerSecond, rule: .atMost)
            figures.append(figure)
            reasons.append(String(
                format: "hitches %.2f ms/s (%d over %.2f ms) %@ %.2f ms/s", figure.value, hitches.summary.count,
                hitches.summary.thresholdMs, figure.passes ? "<=" : ">", hitches.budget))
        }
        return Judgement(judged: figures, reason: reasons.joined(separator: "; "))
    }

    /// ``judge(_:parallel:budgetMs:statistics:hitches:)`` under `settings`: its budget, its
    /// `--judge` statistics (with the worst frame when `worstFrame`), and its hitch budget, if
    /// any, over `hitches`.
    package static func judge(
        _ samples: FrameSamples, parallel: Bool, settings: RunSettings, hitches: HitchSummary, worstFrame: Bool = false
    ) -> Judgement {
        judge(
            samples, parallel: parallel, budgetMs: settings.budgetMs,
            statistics: worstFrame ? settings.judge.union([.p99, .max]) : settings.judge,
            hitches: settings.hitchBudget.map { (hitches, $0) })
    }
}
