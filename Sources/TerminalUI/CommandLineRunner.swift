import ArgumentParser
import Foundation

/// How the terminal programs run their command line: `--help` and `--version` print as
/// ArgumentParser prints them, and any other failure (a bad option, a validation error, an
/// error thrown while running) is one line `error: …` on standard error and status 1.
public enum CommandLineRunner {
    /// Parses the process's arguments as `Command`, runs `body` with it (or the subcommand
    /// parsed instead) and exits with the status `body` returns.
    @MainActor
    public static func run<Command: ParsableCommand>(
        _ type: Command.Type, _ body: @MainActor (Command) async throws -> Int32
    ) async -> Never {
        do {
            let parsed = try Command.parseAsRoot()
            if let command = parsed as? Command {
                exit(try await body(command))
            }
            var other = parsed
            try other.run()
            exit(0)
        } catch {
            if Command.exitCode(for: error) == .success {
                Command.exit(withError: error)
            }
            let message = Command.message(for: error).split(separator: "\n").first.map(String.init) ?? "invalid arguments"
            FileHandle.standardError.write(Data("error: \(message)\n".utf8))
            exit(1)
        }
    }
}
