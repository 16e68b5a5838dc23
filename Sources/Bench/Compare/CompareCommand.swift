import ArgumentParser
import Foundation

/// `bench compare A.json B.json`: has B regressed against A?
struct CompareCommand: ParsableCommand {
    /// Name, summary and help text of the command.
    static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare two result files scenario by scenario.",
        discussion: """
            Matches scenarios by name and parameters and compares the per-thread CPU time per \
            frame: relative change of the median with a bootstrap 95% confidence interval, \
            and a two-sided Mann-Whitney U test on the raw samples. A regression needs \
            p < 0.01 and a change above the noise floor. Each scenario needs at least \
            \(SampleCheck.minimumCount) CPU samples, not all equal and none 0. Runs from \
            different CPU models are not judged unless --allow-different-machines is given. \
            Exit status: 0 no regression, 2 regression, 1 unusable input or no scenario in \
            common.
            """
    )

    /// Baseline result JSON.
    @Argument(help: "Baseline result JSON.")
    var baseline: String

    /// Candidate result JSON.
    @Argument(help: "Candidate result JSON.")
    var candidate: String

    /// Smallest change of the median counted as a regression, in percent.
    @Option(help: "Smallest change of the median counted as a regression, in percent.")
    var noiseFloor: Double = 5

    /// Seed of the bootstrap resampling.
    @Option(help: "Seed of the bootstrap resampling.")
    var seed: UInt64 = 12345

    /// Judges runs measured on different CPU models, saying so in the report.
    @Flag(help: "Judge runs measured on different CPU models (the report says so).")
    var allowDifferentMachines = false

    /// Standard output format: table, json, markdown or csv.
    @Option(help: "Standard output format: table, json, markdown or csv.")
    var format: OutputFormat = .table

    /// Rejects a negative or non-finite noise floor.
    func validate() throws {
        guard noiseFloor.isFinite, noiseFloor >= 0 else {
            throw ValidationError("--noise-floor must be a finite percentage >= 0, got \(noiseFloor)")
        }
    }

    /// Compares the two files and exits 2 on a regression.
    func run() throws {
        let before = try ComparableResult.load(baseline)
        let after = try ComparableResult.load(candidate)
        let machines = MachineCheck.difference(before.environment, after.environment)
        if let machines, !allowDifferentMachines {
            throw BenchError.invalidArgument(
                "\(baseline) and \(candidate) were \(machines): not judged (--allow-different-machines judges anyway)")
        }
        var report = Comparator(noiseFloor: noiseFloor / 100, seed: seed)
            .compare(baseline: before, candidate: after)
        guard !report.scenarios.isEmpty else {
            throw BenchError.invalidArgument(
                "no scenario in common (same name and parameters) between \(baseline) and \(candidate)")
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
}
