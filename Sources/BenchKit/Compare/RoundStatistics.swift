/// The round-level view of a scenario's result: the median frame time of each round, read
/// from the clock a frame's cost is judged on (``FrameSamples/frameNs``).
enum RoundStatistics {
    /// The median frame time of each round, in ns, in round order.
    static func roundMedians(_ scenario: ScenarioResult) -> [Double] {
        resamplers(scenario).map(\.median)
    }

    /// A median resampler per round, in round order.
    static func resamplers(_ scenario: ScenarioResult) -> [MedianResampler] {
        scenario.roundSamples.map { MedianResampler(sorted: $0.frameNs.sorted().map { Double($0) }) }
    }
}
