import Foundation
import Render

/// Prints a run on standard output and saves its JSON and markdown summary.
struct RunOutput {
    /// Format of the standard output report.
    let format: RunOutputFormat
    /// Directory for the result file and `summary.md`; nil to save nothing.
    let directory: String?
    /// Suppresses the note naming the saved file.
    let quiet: Bool
    /// Prints the table with every column and the full reasons instead of fitting the
    /// terminal (`TerminalWidth`).
    var wide = false
    /// An earlier run whose frames the plot draws beside this run's.
    var baseline: RunResult? = nil

    /// Prints `run` (the table format ends with the overall verdict line) and, when a
    /// directory is set, writes a new `<directory>/<time>-<commit>.json` (never over an earlier
    /// run's), `<directory>/summary.md` and the frame plot beside the JSON
    /// (`<time>-<commit>-frames.png`), each atomically. Returns the result file's path.
    @discardableResult
    func emit(_ run: RunResult, startedAt: Date) throws -> String? {
        let json = try ResultCoding.encode(run)
        print(try standardOutput(run, json: json), terminator: "")
        guard let directory else { return nil }
        let path = try AtomicFile.createNew(
            json, in: directory, stem: RunReport.fileStem(startedAt: startedAt, commit: run.environment.commit))
        try AtomicFile.write(Data(RunReport.summary(run).utf8), to: directory + "/summary.md")
        let plot = String(path.dropLast(".json".count)) + "-frames.png"
        try PlotFile.write(to: plot) { () throws(RenderError) in try FramePlot.render(run, baseline: baseline) }
        if !quiet {
            FileHandle.standardError.write(Data("saved \(path)\n".utf8))
        }
        return path
    }

    /// What `emit` prints for `run` in `format`; `json` is the run's result JSON.
    private func standardOutput(_ run: RunResult, json: Data) throws -> String {
        switch format {
        case .githubActionBenchmark:
            return String(decoding: try BenchmarkActionExport.encode(run), as: UTF8.self) + "\n"
        case .bencher:
            return String(decoding: try BencherExport.encode(run), as: UTF8.self) + "\n"
        case .table:
            return RunReport.terminal(run, wide: wide, width: TerminalWidth.forStandardOutput)
        case .json, .markdown, .csv:
            return format.report.flatMap { RunReport.table(run).rendered($0) }
                ?? String(decoding: json, as: UTF8.self) + "\n"
        }
    }
}
