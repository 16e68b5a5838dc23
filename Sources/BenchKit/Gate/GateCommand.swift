import ArgumentParser
import Foundation
import Render

/// `bench gate`: deterministic CI gates that noise cannot move.
public struct GateCommand<Suite: BenchSuite>: ParsableCommand, NeedsReleaseBuild {
    /// Name, summary and help text of the command.
    public static var configuration: CommandConfiguration {
        CommandConfiguration(
        commandName: "gate",
        abstract: "Check instruction counts, allocations and work counters against thresholds.",
        discussion: """
            Runs each scenario for a fixed number of frames after warmup (as recorded in the \
            thresholds file) and checks: instructions counted by callgrind (tolerance \
            instruction_tolerance_percent, default 2%), allocations in the measured frames \
            (0 for allocation-free workloads) and work counters (exact). Scenarios run with \
            their options' defaults, and vector kernels run their portable instruction set, so \
            the counts do not depend on the machine's vector extensions. Exit status: 0 pass, \
            2 a gate failed, 1 error. --update records the current values.
            """
        )
    }

    /// A command with every option at its default.
    public init() {}

    /// Thresholds file.
    @Option(help: "Thresholds file.")
    var thresholds: String = "Benchmarks/thresholds.json"

    /// Record the measured values as the new thresholds.
    @Flag(help: "Record the measured values as the new thresholds.")
    var update = false

    /// Comma-separated scenarios (default: all).
    @Option(
        help: ArgumentHelp(
            "Comma-separated scenarios (default: all of \(Suite.scenarios.names.joined(separator: ", "))).",
            valueName: "names"))
    var scenario: String?

    /// Skip the callgrind instruction counts (allocations and counters only).
    @Flag(help: "Skip the callgrind instruction counts (allocations and counters only).")
    var noInstructions = false

    /// With --update: measured frames per workload (1...100000).
    @Option(help: "With --update: measured frames per workload (1...100000; default: the thresholds file's, \(Thresholds(buildConfiguration: "", workloads: [:]).iterations) when it has none).")
    var iterations: Int?

    /// With --update: unmeasured frames before them (0...100000).
    @Option(help: "With --update: unmeasured frames before them (0...100000; default: the thresholds file's, \(Thresholds(buildConfiguration: "", workloads: [:]).warmup) when it has none).")
    var warmup: Int?

    /// With --update: particles of workloads that scale (1...50000000).
    @Option(help: "With --update: particles of workloads that scale (1...50000000; default: the thresholds file's, \(Thresholds(buildConfiguration: "", workloads: [:]).particles) when it has none).")
    var particles: Int?

    /// With --update: seed of the workloads.
    @Option(help: "With --update: seed of the workloads (default: the thresholds file's, \(Thresholds(buildConfiguration: "", workloads: [:]).seed) when it has none).")
    var seed: UInt64?

    /// With --update: instruction tolerance in percent (0...100).
    @Option(help: "With --update: instruction tolerance in percent (0...100; default: the thresholds file's, \(Int(Thresholds(buildConfiguration: "", workloads: [:]).instructionTolerancePercent)) when it has none).")
    var tolerance: Double?

    /// Internal: the scenario whose frames `gate` runs under callgrind.
    @Option(help: .hidden)
    var count: String?

    /// No progress bar on standard error.
    @Flag(help: "No progress bar on standard error.")
    var quiet = false

    /// Standard output format: table, json, markdown or csv.
    @Option(help: "Standard output format: table, json, markdown or csv.")
    var format: OutputFormat = .table

    /// Rejects out-of-range values and unknown scenarios with one line.
    public func validate() throws {
        if let iterations { try MeasureOptions.check(iterations, in: Thresholds.iterationRange, "--iterations") }
        if let warmup { try MeasureOptions.check(warmup, in: Thresholds.warmupRange, "--warmup") }
        if let particles {
            try MeasureOptions.check(particles, in: 1...MeasureOptions.maxParticles, "--particles")
        }
        if let tolerance, !(tolerance.isFinite && Thresholds.toleranceRange.contains(tolerance)) {
            throw ValidationError("--tolerance must be in 0...100, got \(tolerance)")
        }
        _ = try Suite.scenarios.select(count ?? scenario, option: count == nil ? "--scenario" : "--count")
    }

    /// Checks (or with --update records) the gates.
    public func run() throws {
        if let count {
            return try runFixedFrames(count)
        }
        let entries = try Suite.scenarios.select(scenario)
        let recorded = try ThresholdsFile.load(thresholds, required: !update)
            ?? Thresholds(buildConfiguration: EnvironmentProbe.buildConfiguration, workloads: [:])
        let plan = update ? overriding(recorded) : recorded
        if !noInstructions, plan.buildConfiguration != EnvironmentProbe.buildConfiguration {
            throw BenchError.thresholds(
                path: thresholds,
                reason: "recorded with a \(plan.buildConfiguration) build; this is a \(EnvironmentProbe.buildConfiguration) build")
        }
        let measurer = GateMeasurer(
            thresholds: plan, instructionCounter: noInstructions ? nil : try InstructionCounter())
        var measurements: [GateMeasurement] = []
        for (index, entry) in entries.enumerated() {
            let progress = ProgressBar(label: "gate \(index + 1)/\(entries.count) \(entry.name)", quiet: quiet)
            progress?.update(completed: index, total: entries.count)
            measurements.append(try measurer.measure(entry))
            progress?.finish()
        }
        var checked = plan
        if update {
            for measurement in measurements {
                checked.workloads[measurement.name] =
                    measurement.expectation(keeping: checked.workloads[measurement.name])
            }
            try ThresholdsFile.save(checked, to: thresholds)
            FileHandle.standardError.write(Data("updated \(thresholds)\n".utf8))
        }
        let findings = GateEvaluator(thresholds: checked).evaluate(measurements)
        try GateReport(findings: findings).emit(format)
    }

    /// `base` with the --iterations, --warmup, --particles, --seed and --tolerance given, for
    /// this build configuration.
    private func overriding(_ base: Thresholds) -> Thresholds {
        var plan = base
        plan.buildConfiguration = EnvironmentProbe.buildConfiguration
        plan.iterations = iterations ?? plan.iterations
        plan.warmup = warmup ?? plan.warmup
        plan.particles = particles ?? plan.particles
        plan.seed = seed ?? plan.seed
        plan.instructionTolerancePercent = tolerance ?? plan.instructionTolerancePercent
        return plan
    }

    /// The child run under callgrind: builds `name`, runs the warmup, then exactly
    /// `--iterations` frames through `cbench_run_frames`, with the portable confetti kernels.
    private func runFixedFrames(_ name: String) throws {
        guard iterations != nil else {
            throw BenchError.invalidArgument("--count needs --iterations")
        }
        // `select` names at least one scenario or throws.
        let entry = try Suite.scenarios.select(name, option: "--count")[0]
        let plan = overriding(Thresholds(buildConfiguration: EnvironmentProbe.buildConfiguration, workloads: [:]))
        var measurer = GateMeasurer(thresholds: plan, instructionCounter: nil)
        measurer.adjust = { Suite.instructionCountSettings($0) }
        try measurer.prepare(entry).runFrames(plan.iterations)
    }
}
