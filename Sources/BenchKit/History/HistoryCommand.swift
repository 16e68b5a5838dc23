import ArgumentParser
import Foundation
import Render

/// `bench history results/*.json`: the trend of every scenario over commits.
struct HistoryCommand: ParsableCommand {
    /// Name, summary and help text of the command.
    static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Find the commits where each scenario's frame time changed, over result files.",
        discussion: """
            Orders the files by their created_at time and prints, per scenario (name and \
            parameters) and CPU model, one row per commit: the 10th percentile of all round \
            figures (each round's 10th-percentile frame time) measured at that commit (several files of one commit are repeated measurements \
            of it), their range, and where a change of level begins, its size and p-value. \
            Change points come from E-Divisive means with Student's t-test significance, the \
            algorithm of Apache Otava (p <= --max-p, windows of --window commits), and must \
            move the level by more than the scenario's minimum effect (from \
            \(NoiseFile.defaultPath) and the spread of rounds within each commit). Exit \
            status: 0, or 1 for an unusable file.
            """
    )

    /// Result JSON files, in any order.
    @Argument(help: "Result JSON files, in any order.")
    var files: [String] = []

    /// The calibration file and the smallest minimum effect.
    @OptionGroup var effect: MinimumEffectOptions

    /// The level a change point's t-test must reach.
    @Option(help: "The p-value a change point's t-test must reach (0...1; Otava's default).")
    var maxP: Double = 0.001

    /// Commits per window of the change point search.
    @Option(help: "Commits per window of the change point search (2...10000; Otava's default).")
    var window: Int = 50

    /// Standard output format: table, json, markdown or csv.
    @Option(help: "Standard output format: table, json, markdown or csv.")
    var format: OutputFormat = .table

    /// PNG file for the trend plot, in a writable directory.
    @Option(help: "PNG file for the trend plot, in a writable directory.")
    var plot: String?

    /// Rejects no files, a bad level or window and a plot path that is not a writable .png.
    func validate() throws {
        guard !files.isEmpty else {
            throw ValidationError("bench history needs at least one result file")
        }
        guard maxP.isFinite, (0...1).contains(maxP) else {
            throw ValidationError("--max-p must be in 0...1, got \(maxP)")
        }
        try MeasureOptions.check(window, in: 2...10_000, "--window")
        if let plot {
            try Self.checkPlotPath(plot)
        }
    }

    /// Prints the trend tables.
    func run() throws {
        let runs = try HistoryInput.load(files)
        let builder = HistoryBuilder(
            detector: ChangePointDetector(windowLength: window, maxPValue: maxP),
            calibration: try effect.calibration(), minimumEffectFloor: effect.floor)
        let series = builder.series(runs)
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
