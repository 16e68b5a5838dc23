import Platform
import BenchKit

/// Round-trip times of the `host` scenario's actions and the time their loops took, gathered
/// from the task that runs them.
package final class ActionLatencyLog: Sendable {
    private struct State {
        var latenciesNs: [Double] = []
        var loopNs: [Double] = []
    }

    private let state = Locked(State())

    /// An empty log.
    package init() {}

    /// Adds one frame's round trips and the wall time of its loop.
    package func append(_ latenciesNs: [Double], loopNs: Double) {
        state.withLock { state in
            state.latenciesNs.append(contentsOf: latenciesNs)
            state.loopNs.append(loopNs)
        }
    }

    /// Round trips per second of a frame's loop (`actionsPerFrame` over the median of the
    /// 10-frame minima of the loop's wall time, which a co-tenant cannot inflate, as the
    /// parallel verdicts), and the p50 and p99 round trip in µs; nil before any.
    package func summary(actionsPerFrame: Int) -> (perSecond: Double, p50Us: Double, p99Us: Double)? {
        state.withLock { state in
            guard !state.latenciesNs.isEmpty, let loopNs = BatchMinima.medianOfMinima(state.loopNs), loopNs > 0 else { return nil }
            let sorted = state.latenciesNs.sorted()
            return (
                Double(actionsPerFrame) / (loopNs / 1e9),
                Percentiles.percentile(sorted: sorted, 50) / 1e3,
                Percentiles.percentile(sorted: sorted, 99) / 1e3
            )
        }
    }
}
