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
            p < 0.01 and a change above the noise floor. Exit status: 0 no regression, \
            2 regression, 1 unreadable input.
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
        let report = Comparator(noiseFloor: noiseFloor / 100, seed: seed).compare(
            baseline: try ResultCoding.load(baseline), candidate: try ResultCoding.load(candidate))
        if let text = report.table.rendered(format) {
            print(text, terminator: "")
        } else {
            print(String(decoding: try ResultCoding.encode(report), as: UTF8.self))
        }
        if !report.unmatched.isEmpty {
            FileHandle.standardError.write(
                Data("not compared (in one file only): \(report.unmatched.joined(separator: ", "))\n".utf8))
        }
        try report.exitStatus.exitIfFailed()
    }
}
