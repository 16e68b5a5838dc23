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

    /// Accepted measured frames, as for `bench gate --iterations`.
    static let iterationRange = 1...100_000
    /// Accepted warmup frames, as for `bench gate --warmup`.
    static let warmupRange = 0...100_000
    /// Accepted instruction tolerance in percent, as for `bench gate --tolerance`.
    static let toleranceRange = 0.0...100.0

    /// The first run setting outside the range `bench gate` accepts for its option, as
    /// `iterations is -1, expected 1...100000`; nil when all are in range. A file edited by
    /// hand must not reach a frame loop with a negative count.
    var outOfRangeSetting: String? {
        if !Self.iterationRange.contains(iterations) {
            return "iterations is \(iterations), expected \(Self.iterationRange.lowerBound)...\(Self.iterationRange.upperBound)"
        }
        if !Self.warmupRange.contains(warmup) {
            return "warmup is \(warmup), expected \(Self.warmupRange.lowerBound)...\(Self.warmupRange.upperBound)"
        }
        if !(1...MeasureOptions.maxParticles).contains(particles) {
            return "particles is \(particles), expected 1...\(MeasureOptions.maxParticles)"
        }
        if !Self.toleranceRange.contains(instructionTolerancePercent) {
            return "instruction_tolerance_percent is \(instructionTolerancePercent), expected 0...100"
        }
        return nil
    }

    private enum CodingKeys: String, CodingKey {
        case schema, particles, warmup, iterations, seed, workloads
        case buildConfiguration = "build_configuration"
        case instructionTolerancePercent = "instruction_tolerance_percent"
    }
}
