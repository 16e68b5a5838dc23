/// One checked quantity of `bench gate`.
struct GateFinding: Equatable, Sendable {
    /// Workload name.
    var workload: String
    /// "instructions", "allocations" or "counters".
    var metric: String
    /// The threshold, as text.
    var expected: String
    /// The measured value, as text.
    var measured: String
    /// Pass or fail.
    var verdict: Verdict
}
