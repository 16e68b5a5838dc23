import ArgumentParser
import Foundation

/// `bench capacity`: how many particles fit the frame budget on this machine.
///
/// Numeric options parse their value unconditionally, so a negative number reaches the range
/// check and its message.
struct CapacityCommand: ParsableCommand, NeedsReleaseBuild {
    /// Name, summary and help text of the command.
    static let configuration = CommandConfiguration(
        commandName: "capacity",
        abstract: "Find the largest particle (or voice) count whose p99 frame CPU time fits the budget.",
        discussion: """
            Doubles the count from --start until a probe misses the budget, then bisects to \
            within 2%, stopping after --max-probes probes or --time-limit seconds. Each probe \
            measures --frames frames after --warmup. For --scenario audio (or audio.resampled) the count is the \
            number of voices and the budget half the buffer period (--buffer-frames / \
            --sample-rate). A second line gives the largest count's median frame against the \
            memory bandwidth the same number of threads reaches (its limit ratio), which bounds \
            what more threads can add. Exit status: 0 when some count fits, 2 when none does, \
            1 on error.
            """
    )

    /// Frames, warmup, fps, seed and threads.
    @OptionGroup var measure: MeasureOptions

    /// Buffer frames, rates and files of the `audio` scenario.
    @OptionGroup(title: "Audio scenario") var audio: AudioOptions

    /// Scenario whose particle count is searched.
    @Option(
        help: ArgumentHelp(
            "Scenario whose particle (for audio: voice) count is searched: one of \(ScenarioRegistry.standard.scalable.map(\.name).joined(separator: ", ")).",
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
    func validate() throws {
        try MeasureOptions.check(start, in: 1...MeasureOptions.maxParticles, "--start")
        try MeasureOptions.check(maxParticles, in: 1...MeasureOptions.maxParticles, "--max-particles")
        try MeasureOptions.check(maxProbes, in: 1...200, "--max-probes")
        try MeasureOptions.check(timeLimit, in: 1...86_400, "--time-limit")
        guard start <= maxParticles else {
            throw ValidationError("--start \(start) is above --max-particles \(maxParticles)")
        }
        let entries = try ScenarioRegistry.standard.select(scenario)
        for entry in entries where entry.scale == nil {
            let scalable = ScenarioRegistry.standard.scalable.map(\.name).joined(separator: ", ")
            throw ValidationError("--scenario \(entry.name) has a fixed size, so it has no capacity to search; choose from \(scalable)")
        }
    }

    /// Runs the search and prints the headline, then how close the largest count's median
    /// frame runs to the memory limit.
    func run() throws {
        guard let entry = try ScenarioRegistry.standard.select(scenario).first else { return }
        ReleaseCheck.noteIfNotJudged()
        let plan = CapacityPlan(scale: entry.scale ?? .particles, settings: measure.settings(particles: start, audio: audio.settings))
        let settings = plan.settings
        let sampler = Sampler(warmup: settings.warmup, frames: settings.frames)
        let search = CapacitySearch(
            start: start, maximum: plan.isAudio ? min(maxParticles, AudioOptions.voiceRange.upperBound) : maxParticles,
            maxProbes: maxProbes,
            timeLimitNs: UInt64(timeLimit) * 1_000_000_000)
        var limits: [Int: CapacityMemoryLimit] = [:]
        let result = try search.run(budgetNs: plan.budgetNs) { count in
            let workload = try entry.make(plan.settings(count: count))
            let samples = sampler.measure(workload)
            limits[count] = CapacityMemoryLimit(count: count, workload: workload, samples: samples)
            let summary = FrameTimeSummary(
                nanoseconds: samples.frameNs(parallel: workload.isParallel))
            if !quiet {
                FileHandle.standardError.write(
                    Data(String(format: "%@ %d: p99 %.3f ms\n", entry.name, count, summary.p99).utf8))
            }
            return summary.p99 * 1e6
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
