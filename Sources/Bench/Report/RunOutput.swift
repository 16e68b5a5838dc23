import Foundation
import Systems

/// Prints a run on standard output and saves its JSON and markdown summary.
struct RunOutput {
    /// Format of the standard output report.
    let format: OutputFormat
    /// Directory for the result file and `summary.md`; nil to save nothing.
    let directory: String?
    /// Suppresses the note naming the saved file.
    let quiet: Bool
    /// Prints the table with every column and the full reasons instead of fitting
    /// `RunReport.narrowWidth` characters.
    var wide = false

    /// Prints `run` (the table format ends with the overall verdict line) and, when a
    /// directory is set, writes `<directory>/<time>-<commit>.json`, `<directory>/summary.md` and
    /// the frame plot `<directory>/<time>-<commit>-frames.png`, each atomically. Returns the
    /// result file's path.
    @discardableResult
    func emit(_ run: RunResult, startedAt: Date) throws -> String? {
        let json = try ResultCoding.encode(run)
        if format == .table {
            print(RunReport.terminal(run, wide: wide), terminator: "")
        } else if let text = RunReport.table(run).rendered(format) {
            print(text, terminator: "")
        } else {
            print(String(decoding: json, as: UTF8.self))
        }
        guard let directory else { return nil }
        let path = directory + "/" + RunReport.fileName(startedAt: startedAt, commit: run.environment.commit)
        try AtomicFile.write(json, to: path)
        try AtomicFile.write(Data(RunReport.summary(run).utf8), to: directory + "/summary.md")
        let plot = String(path.dropLast(".json".count)) + "-frames.png"
        do {
            try PNGCodec.write(FramePlot.render(run), to: plot)
        } catch {
            throw BenchError.unwritableOutput(path: plot, reason: "\(error)")
        }
        if !quiet {
            FileHandle.standardError.write(Data("saved \(path)\n".utf8))
        }
        return path
    }
}
