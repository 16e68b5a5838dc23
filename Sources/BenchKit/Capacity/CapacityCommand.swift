import ArgumentParser
import Foundation

/// `bench capacity`: how many particles fit the frame budget on this machine.
///
/// Numeric options parse their value unconditionally, so a negative number reaches the range
/// check and its message.
public struct CapacityCommand<Suite: BenchSuite>: ParsableCommand, NeedsReleaseBuild {
    /// Name, summary and help text of the command.
    public static var configuration: CommandConfiguration {
        CommandConfiguration(
        commandName: "capacity",
        abstract: "Find the largest particle (or voice) count whose p99 frame CPU time fits the budget.",
        discussion: """
            Doubles the count from --start until a probe misses the budget, then bisects to \
            within 2%, stopping after --max-probes probes or --time-limit seconds. Each probe \
            measures --frames frames after --warmup. A scenario may search one of its own \
            options against its own budget: for audio, the voices against half the buffer \
            period. The scenario's options are given as in a run. A second line gives the largest count's median frame against the \
            memory bandwidth the same number of threads reaches (its limit ratio), which bounds \
            what more threads can add. Exit status: 0 when some count fits, 2 when none does, \
            1 on error.
            """
        )
    }

    /// A command with every option at its default.
    public init() {}

    /// Frames, warmup, fps, seed and threads.
    @OptionGroup var measure: MeasureOptions

    /// The scenario's own options, as in a run.
    @Argument(parsing: .allUnrecognized, help: .private)
    var scenarioArguments: [String] = []

    /// Scenario whose particle count is searched.
    @Option(
        help: ArgumentHelp(
            "Scenario whose particle (for audio: voice) count is searched: one of \(Suite.scenarios.scalable.map(\.name).joined(separator: ", ")).",
            valueName: "name"))
    var scenario: String = "confetti"

    /// First particle count probed (1...50000000).
    @Option(parsing: .unconditional, help: "First particle count probed (1...50000000).")
    var start: Int = 1000

    /// Largest particle count probed (1...50000000).
    @Option(parsing: .unconditional, help: "Largest particle count probed (1...50000000).")
    var maxParticles: Int = MeasureOptions.maxParticles

    /// Most probes made (1...200).
    @Option(parsing: .unconditional, help: "Most probes made (1...200).")
    var maxProbes: Int = 30

    /// Time limit of the search in seconds (1...86400).
    @Option(parsing: .unconditional, help: "Time limit of the search in seconds (1...86400).")
    var timeLimit: Int = 120

    /// No per-probe lines on standard error.
    @Flag(help: "No per-probe lines on standard error.")
    var quiet = false

    /// Rejects out-of-range values and unknown scenarios with one line.
    public func validate() throws {
        try MeasureOptions.check(start, in: 1...MeasureOptions.maxParticles, "--start")
        try MeasureOptions.check(maxParticles, in: 1...MeasureOptions.maxParticles, "--max-particles")
        try MeasureOptions.check(maxProbes, in: 1...200, "--max-probes")
        try MeasureOptions.check(timeLimit, in: 1...86_400, "--time-limit")
        guard start <= maxParticles else {
            throw ValidationError("--start \(start) is above --max-particles \(maxParticles)")
        }
        let entries = try Suite.scenarios.select(scenario)
        for entry in entries where entry.capacity == nil {
            let scalable = Suite.scenarios.scalable.map(\.name).joined(separator: ", ")
            throw ValidationError("--scenario \(entry.name) has a fixed size, so it has no capacity to search; choose from \(scalable)")
        }
        _ = try searchPlan()
    }

    /// The search plan of the selected scenario with its options; throws for a bad option.
    func searchPlan() throws -> (entry: Scenario, plan: CapacityPlan) {
        let registry = Suite.scenarios
        let entry = try registry.select(scenario)[0]
        let options = try registry.options(for: [entry], arguments: scenarioArguments)
        let settings = measure.settings(particles: start, options: options)
        try registry.validate(settings)
        try entry.validate(settings)
        return (entry, CapacityPlan(entry, capacity: entry.capacity ?? .particles, settings: settings))
    }

    /// Runs the search and prints the headline, then how close the largest count's median
    /// frame runs to the memory limit.
    public func run() throws {
        let (entry, plan) = try searchPlan()
        ReleaseCheck.noteIfNotJudged()
        try Suite.prepare(plan.settings)
        entry.prepare()
        let settings = plan.settings
        let sampler = Sampler(warmup: settings.warmup, frames: settings.frames)
        let search = CapacitySearch(
            start: start, maximum: min(maxParticles, plan.maximum),
            maxProbes: maxProbes,
            timeLimitNs: UInt64(timeLimit) * 1_000_000_000)
        var limits: [Int: CapacityMemoryLimit] = [:]
        let result = try search.run(budgetNs: plan.budgetNs) { count in
            let workload = try entry.make(plan.settings(count: count))
            let samples = sampler.measure(workload)
            limits[count] = CapacityMemoryLimit(count: count, workload: workload, samples: samples)
            let figure = (workload as? any CapacityFigureWorkload)?.capacityFigureNanoseconds(samples)
            let summary = FrameTimeSummary(
                nanoseconds: samples.frameNs(parallel: workload.isParallel))
            if !quiet {
                let line = figure.map { String(format: "%@ %d: figure %.3f ms\n", entry.name, count, $0 / 1e6) }
                    ?? String(format: "%@ %d: p99 %.3f ms\n", entry.name, count, summary.p99)
                FileHandle.standardError.write(Data(line.utf8))
            }
            return figure ?? summary.p99 * 1e6
        }
        var headline = "\(result.largest) \(plan.unit) \(plan.budgetText) on this machine"
        if !ReleaseCheck.isJudged {
            headline += " (debug build: not representative)"
        }
        if !result.converged {
            headline += " (search stopped after \(result.probes.count) probes before converging)"
        }
        print(headline)
        if let limit = limits[result.largest]?.summary(BandwidthCalibration()) {
            print(limit)
        }
        try (result.largest > 0 ? ExitStatus.success : ExitStatus.failure).exitIfFailed()
    }
}
