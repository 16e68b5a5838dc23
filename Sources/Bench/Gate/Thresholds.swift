/// The committed expectations of `bench gate` (`Benchmarks/thresholds.json`).
struct Thresholds: Codable, Equatable, Sendable {
    /// Expected counts for one workload.
    struct Expectation: Codable, Equatable, Sendable {
        /// Instructions (callgrind Ir) of the measured frames.
        var instructions: UInt64?
        /// Allocations in the measured frames.
        var allocations: UInt64?
        /// Work counters after warmup and measured frames, compared exactly.
        var counters: [String: Int]
    }

    /// Schema version of the file.
    var schema: Int = 1
    /// Build configuration the counts were recorded with ("release" or "debug").
    var buildConfiguration: String
    /// Instruction counts may exceed their threshold by this much, in percent.
    var instructionTolerancePercent: Double = 2
    /// Particles of workloads that scale.
    var particles: Int = 10_000
    /// Unmeasured frames before the measured ones.
    var warmup: Int = 3
    /// Measured frames.
    var iterations: Int = 20
    /// Seed of the workloads.
    var seed: UInt64 = 12345
    /// Expectations by workload name.
    var workloads: [String: Expectation]

    private enum CodingKeys: String, CodingKey {
        case schema, particles, warmup, iterations, seed, workloads
        case buildConfiguration = "build_configuration"
        case instructionTolerancePercent = "instruction_tolerance_percent"
    }
}
