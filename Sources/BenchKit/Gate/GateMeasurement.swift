/// What `bench gate` measured for one workload.
struct GateMeasurement: Equatable, Sendable {
    /// Workload name.
    var name: String
    /// Instructions of the measured frames; nil when not measured.
    var instructions: UInt64?
    /// Allocations in the measured frames; nil when allocation counting is unavailable.
    var allocations: UInt64?
    /// Whether the workload promises zero allocations per frame.
    var allocationFree: Bool
    /// The workload's counters (empty when it counts nothing).
    var counters: [String: Int]

    /// The measurement as an expectation, for `bench gate --update`; a quantity not measured
    /// this time keeps its value from `previous`.
    func expectation(keeping previous: Thresholds.Expectation?) -> Thresholds.Expectation {
        Thresholds.Expectation(
            instructions: instructions ?? previous?.instructions,
            allocations: allocations ?? previous?.allocations,
            counters: counters)
    }
}
