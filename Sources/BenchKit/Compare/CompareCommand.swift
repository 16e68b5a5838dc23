import ArgumentParser
import Foundation

/// `bench compare A.json B.json`, or `bench compare --run OLD NEW`: has B (NEW) regressed
/// against A (OLD)?
struct CompareCommand: ParsableCommand {
    /// Name, summary and help text of the command.
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two runs scenario by scenario on round-level statistics.",
        discussion: """
            With two result files, compares their rounds (bench --rounds R writes R rounds, \
            each a fresh process). With --run OLD NEW, runs the two bench binaries alternately \
            (A B B A ...) for --rounds rounds each in one sitting, on the run options after \
            `--` (for example -- --scenario confetti --frames 200), saves both runs and \
            compares them: the command for a local before/after. Each round gives one number \
            per scenario, the 10th percentile of its frame times (the least disturbed frames: \
            other load only adds time). A regression needs a change of the 10th percentile of \
            those round figures above the scenario's minimum effect (twice the change 99% of \
            A/A comparisons stay below, from \(NoiseFile.defaultPath) and the rounds \
            compared), a hierarchical bootstrap 95% interval above 0 and a Mann-Whitney U \
            test of the round figures at p < 0.01. With fewer than \(RoundCheck.minimumRounds) rounds on \
            a side, or neighbour loads more than \(RoundCheck.loadBound) cores apart, the \
            outcome is advisory. Runs from different CPU models are not judged unless \
            --allow-different-machines is given. Exit status: 0 no regression (or only \
            advisory ones), 2 regression, 1 unusable input or no scenario in common.
            """
    )

    /// The baseline: a result file, or a binary with --run.
    @Argument(help: "Baseline: a result JSON file, or a bench binary with --run.")
    var baseline: String

    /// The candidate: a result file, or a binary with --run.
    @Argument(help: "Candidate: a result JSON file, or a bench binary with --run.")
    var candidate: String

    /// The baseline and the candidate.
    private var sides: [String] { [baseline, candidate] }

    /// Runs the two binaries alternately instead of reading result files.
    @Flag(name: .customLong("run"), help: "Run the two bench binaries alternately (A B B A ...) and compare their rounds.")
    var runsBinaries = false

    /// With --run: rounds per binary (1...1000).
    @Option(help: "With --run: rounds per binary (1...1000; a verdict needs \(RoundCheck.minimumRounds)).")
    var rounds: Int = 10

    /// With --run: directory for the two runs' result files.
    @Option(help: "With --run: directory for the two runs' result files.")
    var output: String = "results"

    /// With --run: do not save the two runs.
    @Flag(help: "With --run: do not save the two runs.")
    var noSave = false

    /// With --run: counts each binary's instructions per frame in its first round.
    @Flag(help: "With --run: count each scenario's instructions per frame under callgrind in each binary's first round (bench --count-instructions).")
    var countInstructions = false

    /// The calibration file and the smallest minimum effect.
    @OptionGroup var effect: MinimumEffectOptions

    /// Seed of the bootstrap resampling.
    @Option(help: "Seed of the bootstrap resampling.")
    var seed: UInt64 = 12345

    /// Judges runs measured on different CPU models, saying so in the report.
    @Flag(help: "Judge runs measured on different CPU models (the report says so).")
    var allowDifferentMachines = false

    /// Standard output format: table, json, markdown or csv.
    @Option(help: "Standard output format: table, json, markdown or csv.")
    var format: OutputFormat = .table

    /// With --run: the run options both binaries get, after `--`.
    @Argument(parsing: .postTerminator, help: "With --run: run options for both binaries, after `--`.")
    var runOptions: [String] = []

    /// Rejects out-of-range values and options that need --run.
    func validate() throws {
        try MeasureOptions.check(rounds, in: 1...1000, "--rounds")
        if !runsBinaries, !runOptions.isEmpty || countInstructions {
            throw ValidationError("\(countInstructions ? "--count-instructions" : "run options after --") need --run")
        }
        if let misplaced = runOptions.first(where: { Self.ownedByCompare.contains($0.split(separator: "=")[0]) }) {
            throw ValidationError("\(misplaced) after -- is set by bench compare --run; give --rounds to compare itself")
        }
    }

    /// Options a round's command line must not carry: `compare --run` sets them.
    static let ownedByCompare: Set<Substring> = [
        "--rounds", "--format", "--output", "--no-save", "--harness", "--count-instructions",
    ]

    /// Compares the two files, or runs and compares the two binaries, and exits 2 on a
    /// regression that is a verdict.
    func run() throws {
        let calibration = try effect.calibration()
        let (before, after) = runsBinaries ? try measure() : (try ComparableResult.load(sides[0]), try ComparableResult.load(sides[1]))
        let machines = MachineCheck.difference(before.environment, after.environment)
        if let machines, !allowDifferentMachines {
            throw BenchError.invalidArgument(
                "\(sides[0]) and \(sides[1]) were \(machines): not judged (--allow-different-machines judges anyway)")
        }
        var comparator = Comparator(seed: seed, calibration: calibration)
        comparator.minimumEffectFloor = effect.floor
        var report = comparator.compare(baseline: before, candidate: after, names: (sides[0], sides[1]))
        guard !report.scenarios.isEmpty else {
            throw BenchError.invalidArgument(
                "no scenario in common (same name and parameters) between \(sides[0]) and \(sides[1])")
        }
        if let machines {
            report.notes.append("judged although \(machines)")
        }
        print(try report.rendered(format), terminator: "")
        if format == .csv {
            FileHandle.standardError.write(Data(report.notes.map { "note: \($0)\n" }.joined().utf8))
        }
        if !report.unmatched.isEmpty {
            FileHandle.standardError.write(
                Data("not compared (in one file only): \(report.unmatched.joined(separator: ", "))\n".utf8))
        }
        try report.exitStatus.exitIfFailed()
    }

    /// Runs both binaries' rounds in one sitting and saves the two runs unless --no-save.
    private func measure() throws -> (RunResult, RunResult) {
        if !noSave {
            try AtomicFile.prepareDirectory(output)
        }
        let startedAt = Date()
        var session = RoundSession(
            binaries: sides.map(Self.resolved), labels: sides, rounds: rounds,
            runner: RoundRunner(arguments: runOptions), quiet: false)
        session.firstRoundArguments = countInstructions ? ["--count-instructions"] : []
        let runs = try session.run()
        if !noSave {
            for (run, side) in zip(runs, ["old", "new"]) {
                let stem = RunReport.fileStem(startedAt: startedAt, commit: run.environment.commit) + "-\(side)"
                let path = try AtomicFile.createNew(try ResultCoding.encode(run), in: output, stem: stem)
                FileHandle.standardError.write(Data("saved \(path)\n".utf8))
            }
        }
        return (runs[0], runs[1])
    }

    /// `path` as a binary to start: a name without a slash is looked up on `PATH`.
    static func resolved(_ path: String) -> String {
        guard !path.contains("/") else { return path }
        let directories = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        return directories.map { "\($0)/\(path)" }.first { FileManager.default.isExecutableFile(atPath: $0) } ?? path
    }
}
