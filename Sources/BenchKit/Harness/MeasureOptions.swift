import ArgumentParser
import Foundation

/// The measuring options shared by the default run and `capacity`.
///
/// Numeric options parse their value unconditionally, so a negative number reaches the range
/// check and its message instead of being taken for an option name.
package struct MeasureOptions: ParsableArguments {
    /// Options at their defaults.
    package init() {}

    /// Largest particle count accepted anywhere.
    package static let maxParticles = 50_000_000

    /// Measured frames per scenario (1...1000000).
    @Option(parsing: .unconditional, help: "Measured frames per scenario (1...1000000).")
    package var frames: Int = 300

    /// Unmeasured warmup frames per scenario (0...1000000).
    @Option(parsing: .unconditional, help: "Unmeasured warmup frames per scenario (0...1000000).")
    package var warmup: Int = 30

    /// Target frame rate; the frame budget is 1000/fps ms.
    @Option(parsing: .unconditional, help: "Target frame rate; the frame budget is 1000/fps ms.")
    package var fps: Double = 60

    /// Seed for every random choice of the run.
    @Option(parsing: .unconditional, help: "Seed for every random choice of the run.")
    package var seed: UInt64 = 12345

    /// The thread counts `bench` and its subcommands accept. One range for all: a subcommand's
    /// `--threads` is parsed by `bench` too, so a narrower range would give two messages.
    package static let threadRange = 1...1024

    /// Worker threads for parallel scenarios (``threadRange``). The default is 1 because the
    /// default run judges frame budgets on one core; `bench ecs` runs `heavy_compute` and
    /// `schedule` on 2 by default, to exercise them in parallel.
    @Option(
        parsing: .unconditional,
        help: "Worker threads for parallel scenarios (1...1024); 1 by default so budgets are judged on one core (bench ecs runs heavy_compute and schedule on 2 by default, to exercise them in parallel).")
    package var threads: Int = 1

    /// The frame-time statistics budget verdicts rest on, comma-separated (`p99`, `max`).
    @Option(
        parsing: .unconditional,
        help: "Frame-time statistics a budget verdict rests on: p99, max (the worst frame) or p99,max.")
    package var judge: String = "p99"

    /// The frame time in ms above which a frame is a hitch; half the budget when not given.
    @Option(
        name: .customLong("hitch-threshold"), parsing: .unconditional,
        help: "Frame time in ms above which a frame counts as a hitch (default: half the frame budget).")
    package var hitchThreshold: Double?

    /// The most hitch time a verdict allows, in ms per second of play; hitches are reported
    /// but not judged when not given.
    @Option(
        name: .customLong("hitch-budget"), parsing: .unconditional,
        help: "Most hitch time a verdict allows, in ms per second of play (default: reported, not judged).")
    package var hitchBudget: Double?

    /// The statistics `--judge` names; nil for a name that is not one.
    package var judgedStatistics: Set<FrameStatistic>? {
        var statistics: Set<FrameStatistic> = []
        for name in judge.split(separator: ",", omittingEmptySubsequences: false) {
            guard let statistic = FrameStatistic(rawValue: name.trimmingCharacters(in: .whitespaces)) else { return nil }
            statistics.insert(statistic)
        }
        return statistics
    }

    /// Rejects out-of-range values with a one-line message.
    package func validate() throws {
        guard judgedStatistics != nil else { throw ValidationError("--judge takes p99, max or p99,max, got '\(judge)'") }
        for (value, option) in [(hitchThreshold, "--hitch-threshold"), (hitchBudget, "--hitch-budget")] {
            guard let value else { continue }
            guard value.isFinite, value > 0 else { throw ValidationError("\(option) must be a finite number above 0, got \(value)") }
        }
        try Self.check(frames, in: 1...1_000_000, "--frames")
        try Self.check(warmup, in: 0...1_000_000, "--warmup")
        try Self.check(threads, in: Self.threadRange, "--threads")
        guard fps.isFinite, fps > 0, fps <= 100_000 else {
            throw ValidationError("--fps must be a finite number in (0, 100000], got \(fps)")
        }
    }

    /// The settings for `particles` particles and the scenarios' `options`.
    package func settings(particles: Int, snapshot: String? = nil, options: [String: OptionValue] = [:]) -> RunSettings {
        var settings = RunSettings(
            particles: particles, frames: frames, warmup: warmup, fps: fps, seed: seed,
            threads: threads, snapshot: snapshot, options: options)
        // `validate()` refused a `--judge` that names no statistic.
        settings.judge = judgedStatistics ?? [.p99]
        settings.hitchThreshold = hitchThreshold
        settings.hitchBudget = hitchBudget
        return settings
    }

    /// Throws a `ValidationError` naming `option` when `value` is outside `range`.
    package static func check(_ value: Int, in range: ClosedRange<Int>, _ option: String) throws {
        guard range.contains(value) else {
            throw ValidationError(
                "\(option) must be in \(range.lowerBound)...\(range.upperBound), got \(value)")
        }
    }
}
