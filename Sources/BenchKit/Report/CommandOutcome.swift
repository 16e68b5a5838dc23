import ArgumentParser
import Platform

/// How `bench` ends for an error thrown by parsing or running a command.
struct CommandOutcome {
    /// The exit status.
    let status: ExitStatus
    /// The one line to print after `error: `, nil for none: its control and bidirectional
    /// characters escaped (``TerminalText``), so that a file name or a value read from a file
    /// cannot reach the terminal raw.
    let line: String?
    /// Whether the error is a help or version request, printed in full with status 0.
    let isHelp: Bool

    /// Classifies `error`: `ExitCode` keeps its code silently; help requests exit cleanly;
    /// `BenchError` and parse errors become one line with status 1.
    init(error: any Error) {
        if let exitCode = error as? ExitCode {
            status = ExitStatus(rawValue: exitCode.rawValue) ?? .error
            line = nil
            isHelp = false
        } else if HistoryCommand.exitCode(for: error) == .success {
            status = .success
            line = nil
            isHelp = true
        } else if let benchError = error as? BenchError {
            status = .error
            line = TerminalText.escaped(benchError.description)
            isHelp = false
        } else {
            status = .error
            let message = HistoryCommand.message(for: error)
            line = TerminalText.escaped(message.split(separator: "\n").first.map(String.init) ?? "invalid arguments")
            isHelp = false
        }
    }
}
