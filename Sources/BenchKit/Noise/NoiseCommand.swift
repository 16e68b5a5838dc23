import ArgumentParser
import Foundation

/// `bench noise`: how far rounds of one binary spread, scenario by scenario, and the minimum
/// effects `bench compare` and `bench history` derive from it.
struct NoiseCommand: ParsableCommand {
    /// Name, summary and help text of the command.
    static let configuration = CommandConfiguration(
        commandName: "noise",
        abstract: "Measure each scenario's spread between rounds of one binary (A/A).",
        discussion: """
            Runs --rounds rounds of a bench binary (this one unless --binary), each in a \
            fresh process, on the run options after `--`, and prints per scenario the 10th \
            percentile of the round figures (each round's 10th-percentile frame time), their \
            spread (scaled median absolute deviation), their range and the minimum effect of a comparison of --compared rounds per side: the change \
            99% of A/A comparisons stay below. --save adds the rounds to the calibration file \
            (default \(NoiseFile.defaultPath)), from which bench compare and bench history take \
            each scenario's minimum effect. Exit status: 0, or 1 for an error.
            """
    )

    /// Rounds to run (2...1000).
    @Option(help: "Rounds to run, each a fresh process (2...1000).")
    var rounds: Int = 10

    /// Rounds per side of the comparisons the minimum effect is printed for.
    @Option(help: "Rounds per side of the comparison the printed minimum effect is for (1...1000).")
    var compared: Int = 10

    /// The bench binary to run; this one when absent.
    @Option(help: "The bench binary to run (default: this one).")
    var binary: String?

    /// Adds the rounds to the calibration file.
    @Flag(help: "Add the rounds to the calibration file.")
    var save = false

    /// The calibration file --save writes.
    @Option(help: "The calibration file --save writes.")
    var file: String = NoiseFile.defaultPath

    /// Standard output format: table, json, markdown or csv.
    @Option(help: "Standard output format: table, json, markdown or csv.")
    var format: OutputFormat = .table

    /// The run options every round gets, after `--`.
    @Argument(parsing: .postTerminator, help: "Run options for every round, after `--`.")
    var runOptions: [String] = []

    /// Rejects out-of-range counts and options the rounds must not carry.
    func validate() throws {
        try MeasureOptions.check(rounds, in: 2...1000, "--rounds")
        try MeasureOptions.check(compared, in: 1...1000, "--compared")
        if let misplaced = runOptions.first(where: { CompareCommand.ownedByCompare.contains($0.split(separator: "=")[0]) }) {
            throw ValidationError("\(misplaced) after -- is set by bench noise; give --rounds to noise itself")
        }
    }

    /// Runs the rounds, prints the spreads and saves them when asked.
    func run() throws {
        let calibration = save ? try NoiseFile.load(file, required: false) ?? NoiseCalibration() : nil
        let run = try RoundSession(
            binaries: [binary.map(CompareCommand.resolved) ?? Subprocess.currentExecutable], labels: [binary],
            rounds: rounds, runner: RoundRunner(arguments: runOptions), quiet: false
        ).run()[0]
        print(try NoiseReport(run, comparedRounds: compared).rendered(format), terminator: "")
        if var stored = calibration {
            stored.add(run)
            try NoiseFile.save(stored, to: file)
            FileHandle.standardError.write(Data("saved \(file)\n".utf8))
        }
    }
}
