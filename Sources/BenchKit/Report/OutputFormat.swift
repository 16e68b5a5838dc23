import ArgumentParser

/// How a report is printed on standard output.
package enum OutputFormat: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// Aligned columns for reading.
    case table
    /// The full result as JSON.
    case json
    /// A GitHub-flavoured markdown table.
    case markdown
    /// Comma-separated values with a header row.
    case csv
}
