import ArgumentParser
import Foundation

/// Runs a parsed command line and exits with its status.
enum CommandLineMain {
    /// Parses `arguments` with `parse`, relaunches a debug build in release when the command
    /// measures time, runs the command and exits: 0 pass, 2 failure, 1 error with one line on
    /// stderr (help prints as ArgumentParser prints it for the command line of `root`).
    static func run(
        _ arguments: [String], root: any ParsableCommand.Type, parse: ([String]) throws -> any ParsableCommand
    ) -> Never {
        do {
            var command = try parse(arguments)
            // The whole command line: a tool that hands its arguments on (`ecs-host bench`)
            // relaunches with its own subcommand.
            ReleaseCheck.relaunchIfNeeded(command, arguments: Array(CommandLine.arguments.dropFirst()))
            try command.run()
            exit(ExitStatus.success.rawValue)
        } catch {
            let outcome = CommandOutcome(error: error)
            if outcome.isHelp {
                root.exit(withError: error)
            }
            if let line = outcome.line {
                FileHandle.standardError.write(Data("error: \(line)\n".utf8))
            }
            exit(outcome.status.rawValue)
        }
    }
}
