import Synchronization

/// Round-trip times of the `host` scenario's actions and the time their loops took, gathered
/// from the task that runs them.
final class ActionLatencyLog: Sendable {
    private struct State {
        var latenciesNs: [Double] = []
        var loopNs: Double = 0
    }

    private let state = Mutex(State())

    /// Adds one frame's round trips and the wall time of its loop.
    func append(_ latenciesNs: [Double], loopNs: Double) {
        state.withLock { state in
            state.latenciesNs.append(contentsOf: latenciesNs)
            state.loopNs += loopNs
        }
    }

    /// Round trips per second over every loop, and the p50 and p99 round trip in µs; nil before any.
    var summary: (perSecond: Double, p50Us: Double, p99Us: Double)? {
        state.withLock { state in
            guard !state.latenciesNs.isEmpty, state.loopNs > 0 else { return nil }
            let sorted = state.latenciesNs.sorted()
            return (
                Double(sorted.count) / (state.loopNs / 1e9),
                Percentiles.percentile(sorted: sorted, 50) / 1e3,
                Percentiles.percentile(sorted: sorted, 99) / 1e3
            )
        }
    }
}
