import ArgumentParser
import Foundation
import Systems

/// `bench history results/*.json`: the trend of every scenario over commits.
struct HistoryCommand: ParsableCommand {
    /// Name, summary and help text of the command.
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Print the trend of each scenario's median CPU frame time over result files.",
        discussion: """
            Orders the files by their created_at time and prints, per scenario (name and \
            parameters), one row per run: commit, date, median CPU ms, change against the \
            previous run and a mark where the rule of `bench compare` finds a regression \
            (p < 0.01 and a change above the noise floor). Runs on another CPU model than the \
            previous one are not judged. Exit status: 0, or 1 for an unusable file.
            """
    )

    /// Result JSON files, in any order.
    @Argument(help: "Result JSON files, in any order.")
    var files: [String] = []

    /// Smallest change of the median counted as a regression, in percent.
    @Option(help: "Smallest change of the median counted as a regression, in percent.")
    var noiseFloor: Double = 5

    /// Seed of the bootstrap resampling.
    @Option(help: "Seed of the bootstrap resampling.")
    var seed: UInt64 = 12345

    /// Standard output format: table, json, markdown or csv.
    @Option(help: "Standard output format: table, json, markdown or csv.")
    var format: OutputFormat = .table

    /// PNG file for the trend plot, in a writable directory.
    @Option(help: "PNG file for the trend plot, in a writable directory.")
    var plot: String?

    /// Rejects no files, a bad noise floor and a plot path that is not a writable .png.
    func validate() throws {
        guard !files.isEmpty else {
            throw ValidationError("bench history needs at least one result file")
        }
        guard noiseFloor.isFinite, noiseFloor >= 0 else {
            throw ValidationError("--noise-floor must be a finite percentage >= 0, got \(noiseFloor)")
        }
        if let plot {
            try Self.checkPlotPath(plot)
        }
    }

    /// Prints the trend tables.
    func run() throws {
        let runs = try HistoryInput.load(files)
        let series = HistoryBuilder(comparator: Comparator(noiseFloor: noiseFloor / 100, seed: seed))
            .series(runs)
        print(try HistoryReport.rendered(series, format: format), terminator: "")
        if let plot {
            try PlotFile.write(to: plot) { () throws(RenderError) in try TrendPlot.render(series) }
        }
    }

    /// Throws a `ValidationError` unless `path` names a `.png` file that can be created or
    /// replaced.
    static func checkPlotPath(_ path: String) throws {
        guard path.lowercased().hasSuffix(".png") else {
            throw ValidationError("--plot must name a .png file, got '\(path)'")
        }
        let directory = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory),
            isDirectory.boolValue, access(directory, W_OK | X_OK) == 0
        else {
            throw ValidationError("--plot \(path): directory \(directory) is missing or not writable")
        }
        if FileManager.default.fileExists(atPath: path), access(path, W_OK) != 0 {
            throw ValidationError("--plot \(path): file is not writable")
        }
    }
}
