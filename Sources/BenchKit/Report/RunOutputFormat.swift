import ArgumentParser

/// How the main `bench` run prints its result on standard output: one of the report formats
/// every command shares, or an export format that a regression tracker reads.
enum RunOutputFormat: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// Aligned columns for reading.
    case table
    /// The full result as JSON (schema 1).
    case json
    /// A GitHub-flavoured markdown table.
    case markdown
    /// Comma-separated values with a header row.
    case csv
    /// github-action-benchmark's `customSmallerIsBetter` JSON (`BenchmarkActionExport`).
    case githubActionBenchmark = "github-action-benchmark"
    /// Bencher Metric Format JSON (`BencherExport`).
    case bencher

    /// The shared report format this stands for; nil for the export formats.
    var report: OutputFormat? { OutputFormat(rawValue: rawValue) }
}
