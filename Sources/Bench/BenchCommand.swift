import ArgumentParser
import Foundation
import HostRemote
import Systems

/// The `bench` command line: runs the scenarios, judges them against frame budgets and
/// tracks regressions.
@main
struct BenchCommand: ParsableCommand {
    /// Name, summary and help text of the command.
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure ecs-bench workloads against real-time frame budgets.",
        usage: """
            bench [--scenario <names>] [--frames <frames>] [--particles <particles>] [<options>]
            bench <subcommand> [<options>]
            bench --harness gbench [<options>] -- [<benchmark-flags> ...]
            """,
        discussion: """
            Without a subcommand, runs the selected scenarios and judges each against the \
            frame budget (1000/fps ms) on the p99 of per-thread CPU time. Exit status: 0 pass, \
            2 budget miss or regression, 1 error. With --harness gbench, flags after `--` go \
            to Google Benchmark (for example -- --benchmark_repetitions=9 \
            --benchmark_out=gb.json).
            """,
        subcommands: [ECSCommand.self, CompareCommand.self, NoiseCommand.self, HistoryCommand.self, GateCommand.self, CapacityCommand.self, HostCommand.self]
    )

    /// Frames, warmup, fps, seed and threads.
    @OptionGroup var measure: MeasureOptions

    /// Particles (entities) per frame for scenarios that scale (1...50000000).
    @Option(parsing: .unconditional, help: "Particles (entities) per frame for scenarios that scale (1...50000000).")
    var particles: Int = 100_000

    /// Boards of the `tiles` scenario (1...100000, default 1000).
    @Option(help: "Boards of the tiles scenario (1...100000, default \(TilesWorkload.defaultBoards)).")
    var boards: Int?

    /// Grid dimension of the `tiles` scenario's boards (4...12, default 12).
    @Option(help: "Grid dimension of the tiles scenario's boards (4...12, default \(TilesWorkload.defaultGrid)).")
    var grid: Int?

    /// Voices, buffer frames, rates and files of the `audio` scenario.
    @OptionGroup(title: "Audio scenario") var audio: AudioOptions

    /// Comma-separated scenarios to run, all when absent.
    @Option(
        help: ArgumentHelp(
            "Comma-separated scenarios to run (default: all of \(ScenarioRegistry.standard.names.joined(separator: ", ")); only when named: \(ScenarioRegistry.standard.onDemand.map(\.name).joined(separator: ", "))).",
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

    /// Instruction set of the C kernels (confetti step, rasteriser, resampler); `nil` keeps the
    /// widest this machine supports.
    @Option(help: "C kernels (confetti step, rasteriser, resampler): portable, avx2 or avx512 (default: the widest this machine supports; all give the same bits).")
    var confettiKernels: ConfettiInstructionSet?

    /// No progress bar and no notes on standard error.
    @Flag(help: "No progress bar and no notes on standard error.")
    var quiet = false

    /// Every column and the full reasons in the table, however wide.
    @Flag(help: "Table with every column and the full reasons (default: fit the terminal, or \(RunReport.narrowWidth) columns when not a terminal).")
    var wide = false

    /// Google Benchmark flags, after `--`, with --harness gbench.
    @Argument(parsing: .postTerminator, help: "Google Benchmark flags, after `--`, with --harness gbench.")
    var benchmarkFlags: [String] = []

    /// Rejects out-of-range values, unknown scenarios, misplaced flags and a snapshot path
    /// that cannot be written with one line, before anything is measured.
    func validate() throws {
        try MeasureOptions.check(particles, in: 1...MeasureOptions.maxParticles, "--particles")
        if let boards { try MeasureOptions.check(boards, in: TilesWorkload.boardRange, "--boards") }
        if let grid { try MeasureOptions.check(grid, in: BoardGenerator.dimensions, "--grid") }
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
        _ = try ScenarioRegistry.standard.select(scenario)
        if let confettiKernels, !confettiKernels.isSupported {
            throw ValidationError("--confetti-kernels \(confettiKernels.rawValue): this machine cannot run them")
        }
    }

    /// Runs the selected scenarios.
    func run() throws {
        if let confettiKernels {
            try ConfettiInstructionSet.activate(confettiKernels)
        }
        var settings = measure.settings(particles: particles, snapshot: snapshot, audio: audio.settings)
        settings.boards = boards
        settings.grid = grid
        let entries = try ScenarioRegistry.standard.select(scenario)
        if entries.contains(where: \.runsTasksOnEventLoops) {
            EventLoopExecutor.installAsGlobalExecutor()
        }
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
        let environment = EnvironmentProbe.current()
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
        try RunOutput(format: format, directory: noSave ? nil : output, quiet: quiet, wide: wide)
            .emit(run, startedAt: startedAt)
        try ExitStatus(run.verdict).exitIfFailed()
    }

    /// Parses `arguments` like `parseAsRoot`, but rejects the default run's options next to a
    /// subcommand (`parseAsRoot` would accept and ignore `bench gate --frames 3`): a subcommand
    /// must come first and is parsed on its own. Arguments after `--` belong to the command that takes them (Google Benchmark flags of a
    /// run, the run options of `compare --run` and `noise`), so the command is found from the
    /// arguments before it.
    static func parseStrictly(_ arguments: [String]) throws -> any ParsableCommand {
        let options = Array(arguments.prefix { $0 != "--" })
        let command = try parseAsRoot(options)
        let subcommand = type(of: command)
        guard configuration.subcommands.contains(where: { $0 == subcommand }) else {
            return options.count == arguments.count ? command : try parseAsRoot(arguments)
        }
        let name = subcommand.configuration.commandName ?? ""
        guard arguments.first == name else {
            throw ValidationError("options must follow the subcommand '\(name)'")
        }
        return try subcommand.parse(Array(arguments.dropFirst()))
    }

    /// Parses the command line, relaunches a debug build in release when it measures time,
    /// runs the command and exits: 0 pass, 2 failure, 1 error with one line on stderr.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            var command = try parseStrictly(arguments)
            ReleaseCheck.relaunchIfNeeded(command, arguments: arguments)
            try command.run()
        } catch {
            let outcome = CommandOutcome(error: error)
            if outcome.isHelp {
                exit(withError: error)
            }
            if let line = outcome.line {
                FileHandle.standardError.write(Data("error: \(line)\n".utf8))
            }
            Foundation.exit(outcome.status.rawValue)
        }
    }
}
