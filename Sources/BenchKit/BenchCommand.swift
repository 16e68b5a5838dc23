import ArgumentParser
import Foundation

/// The command line of a bench tool for `Suite`: runs the scenarios, judges them against frame
/// budgets and tracks regressions, with the subcommands `compare`, `noise`, `history`, `gate`,
/// `capacity` and the suite's own.
public struct BenchCommand<Suite: BenchSuite>: ParsableCommand {
    /// Name, summary and help text of the command; the scenario options come from the suite's
    /// declarations.
    public static var configuration: CommandConfiguration {
        let name = Suite.commandName
        return CommandConfiguration(
            commandName: name,
            abstract: Suite.abstract,
            usage: """
                \(name) [--scenario <names>] [--frames <frames>] [<scenario-options>] [<options>]
                \(name) <subcommand> [<options>]
                \(name) --harness gbench [<options>] -- [<benchmark-flags> ...]
                """,
            discussion: """
                Without a subcommand, runs the selected scenarios and judges each against the \
                frame budget (1000/fps ms) on the p99 of per-thread CPU time. Exit status: 0 pass, \
                2 budget miss or regression, 1 error. With --harness gbench, flags after `--` go \
                to Google Benchmark (for example -- --benchmark_repetitions=9 \
                --benchmark_out=gb.json).
                """ + ScenarioOptionHelp.text(Suite.scenarios),
            subcommands: [
                CompareCommand.self, NoiseCommand.self, HistoryCommand.self, GateCommand<Suite>.self,
                CapacityCommand<Suite>.self,
            ] + Suite.subcommands
        )
    }

    /// A command with every option at its default.
    public init() {}

    /// Frames, warmup, fps, seed and threads.
    @OptionGroup var measure: MeasureOptions

    /// Particles (entities) per frame for scenarios that scale (1...50000000).
    @Option(parsing: .unconditional, help: "Particles (entities) per frame for scenarios that scale (1...50000000).")
    var particles: Int = 100_000

    /// Comma-separated scenarios to run, all when absent.
    @Option(
        help: ArgumentHelp(
            "Comma-separated scenarios to run (default: all of \(Suite.scenarios.names.joined(separator: ", ")); only when named: \(Suite.scenarios.onDemand.map(\.name).joined(separator: ", "))).",
            valueName: "names"))
    var scenario: String?

    /// Standard output format: table, json, markdown, csv, github-action-benchmark or bencher.
    @Option(help: "Standard output format: table, json, markdown, csv, github-action-benchmark or bencher.")
    var format: RunOutputFormat = .table

    /// Directory for the result JSON and summary.md.
    @Option(help: "Directory for the result JSON and summary.md.")
    var output: String = "results"

    /// Do not write the result JSON or summary.md.
    @Flag(help: "Do not write the result JSON or summary.md.")
    var noSave = false

    /// A result file whose frames the plot draws beside this run's.
    @Option(help: ArgumentHelp("A result file (an earlier run, or the baseline) whose CPU time per frame the frames plot draws beside this run's.", valueName: "file"))
    var baseline: String?

    /// PNG file a rendering scenario writes its snapshot to.
    @Option(help: "PNG file a rendering scenario writes its snapshot to.")
    var snapshot: String?

    /// Rounds of the suite, each in a fresh process (1...1000).
    @Option(
        parsing: .unconditional,
        help: "Rounds of the suite, each in a fresh process (1...1000); verdicts are judged on the median round, and `bench compare` needs at least \(RoundCheck.minimumRounds) rounds per side for a verdict.")
    var rounds: Int = 1

    /// Counts each scenario's instructions per frame under callgrind after measuring.
    @Flag(help: "Count each scenario's instructions per frame under callgrind (as bench gate does: \(FrameInstructions.frames) frames after \(FrameInstructions.warmup), portable kernels) and store them beside the times.")
    var countInstructions = false

    /// Harness: native (bench's own sampler and budgets) or gbench (Google Benchmark).
    @Option(help: "Harness: native (bench's own sampler and budgets) or gbench (Google Benchmark).")
    var harness: Harness = .native

    /// No progress bar and no notes on standard error.
    @Flag(help: "No progress bar and no notes on standard error.")
    var quiet = false

    /// Every column and the full reasons in the table, however wide.
    @Flag(help: "Table with every column and the full reasons (default: fit the terminal, or \(RunReport.narrowWidth) columns when not a terminal).")
    var wide = false

    /// The scenarios' own options (listed in the help), then Google Benchmark flags after `--`
    /// with --harness gbench.
    @Argument(parsing: .allUnrecognized, help: .private)
    var otherArguments: [String] = []

    /// The scenario options: the arguments before `--`.
    var scenarioArguments: [String] { Array(otherArguments.prefix { $0 != "--" }) }

    /// Google Benchmark flags: the arguments after `--`.
    var benchmarkFlags: [String] { Array(otherArguments.drop { $0 != "--" }.dropFirst()) }

    /// Rejects out-of-range values, unknown scenarios, misplaced flags and a snapshot path
    /// that cannot be written with one line, before anything is measured.
    public func validate() throws {
        try MeasureOptions.check(particles, in: 1...MeasureOptions.maxParticles, "--particles")
        if let baseline { _ = try ResultCoding.load(baseline) }
        if let snapshot {
            guard snapshot.lowercased().hasSuffix(".png") else {
                throw ValidationError("--snapshot must name a .png file, got '\(snapshot)'")
            }
            try WritableFile.check(snapshot)
        }
        try MeasureOptions.check(rounds, in: 1...1000, "--rounds")
        if harness == .gbench, rounds > 1 {
            throw ValidationError("--rounds needs the native harness")
        }
        if harness == .native, !benchmarkFlags.isEmpty {
            throw ValidationError("arguments after -- are Google Benchmark flags; use --harness gbench")
        }
        let subcommands = Self.configuration.subcommands.compactMap { subcommand in subcommand.configuration.commandName }
        if let misplaced = scenarioArguments.first(where: subcommands.contains) {
            throw ValidationError("options must follow the subcommand '\(misplaced)'")
        }
        _ = try settings()
    }

    /// The selected scenarios and the run's settings with their options; throws for a bad
    /// selection or option, or settings a selected scenario rejects.
    func settings() throws -> (entries: [Scenario], settings: RunSettings) {
        let registry = Suite.scenarios
        let entries = try registry.select(scenario)
        let options = try registry.options(for: entries, arguments: scenarioArguments)
        let settings = measure.settings(particles: particles, snapshot: snapshot, options: options)
        try registry.validate(settings)
        for entry in entries { try entry.validate(settings) }
        return (entries, settings)
    }

    /// Runs the selected scenarios.
    public func run() throws {
        let (entries, settings) = try settings()
        try Suite.prepare(settings)
        for entry in entries { entry.prepare() }
        if harness == .gbench {
            let status = try GBenchRunner(settings: settings).run(entries, flags: benchmarkFlags)
            guard status == 0 else { throw ExitCode(ExitStatus.error.rawValue) }
            return
        }
        if !noSave {
            try AtomicFile.prepareDirectory(output)
            let removed = AtomicFile.removeInterruptedWrites(in: output)
            if !removed.isEmpty, !quiet {
                FileHandle.standardError.write(Data("note: removed \(removed.count) temporary file(s) of an interrupted run from \(output)\n".utf8))
            }
        }
        ReleaseCheck.noteIfNotJudged()
        let startedAt = Date()
        let environment = EnvironmentProbe.current(tool: Suite.commandName, kernels: Suite.kernels(settings))
        if environment.isBusy, !quiet {
            let note = "note: load average \(environment.loadAverage[0]) on \(environment.cores) cores: wall times are unreliable, CPU-time verdicts still hold\n"
            FileHandle.standardError.write(Data(note.utf8))
        }
        var run: RunResult
        if rounds > 1 {
            let arguments = CommandLine.arguments.dropFirst().filter { $0 != "--count-instructions" }
            run = try RoundSession(
                binaries: [Subprocess.currentExecutable], labels: [nil], rounds: rounds,
                runner: RoundRunner(arguments: arguments + ["--rounds", "1"]), quiet: quiet
            ).run()[0]
        } else {
            var runner = NativeRunner(settings: settings, judged: ReleaseCheck.isJudged, quiet: quiet)
            runner.slowdown = try FrameSlowdown.fromEnvironment()
            run = try runner.run(entries, environment: environment, startedAt: startedAt)
        }
        if countInstructions {
            let counts = try FrameInstructions.count(entries, settings: settings)
            for index in run.scenarios.indices {
                run.scenarios[index].instructionsPerFrame = counts[run.scenarios[index].name]
            }
        }
        var output = RunOutput(format: format, directory: noSave ? nil : output, quiet: quiet, wide: wide)
        output.baseline = try baseline.map(ResultCoding.load)
        try output.emit(run, startedAt: startedAt)
        try ExitStatus(run.verdict).exitIfFailed()
    }

    /// Parses `arguments`: a subcommand when the first argument names one (or `help NAME`),
    /// else the default run. A subcommand must come first and is parsed on its own, so
    /// `bench --frames 3 gate` is refused rather than run with the default run's options
    /// ignored. Arguments after `--` are Google Benchmark flags of a run, or the run options
    /// of `compare --run` and `noise`.
    static func parseStrictly(_ arguments: [String]) throws -> any ParsableCommand {
        let subcommands = configuration.subcommands
        func named(_ name: String?) -> (any ParsableCommand.Type)? {
            subcommands.first { $0.configuration.commandName == name }
        }
        if arguments.first == "help" {
            throw CleanExit.helpRequest(named(arguments.dropFirst().first) ?? self)
        }
        if let first = arguments.first, let subcommand = named(first) {
            do {
                return try subcommand.parse(Array(arguments.dropFirst()))
            } catch where CommandOutcome(error: error).isHelp {
                // `bench compare --help` shows compare's help, as `bench help compare` does.
                throw CleanExit.helpRequest(subcommand)
            }
        }
        return try parse(arguments)
    }

    /// Parses the command line, relaunches a debug build in release when it measures time,
    /// runs the command and exits: 0 pass, 2 failure, 1 error with one line on stderr.
    public static func main() {
        BenchMain.run(Suite.self)
    }
}
