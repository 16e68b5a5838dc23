import Foundation

/// The entry point of a bench tool.
///
/// ```swift
/// @main enum Main {
///     static func main() { BenchMain.run(GameBench.self) }
/// }
/// ```
public enum BenchMain {
    /// Parses the command line for `suite`, relaunches a debug build in release when it
    /// measures time, runs the command and exits: 0 pass, 2 budget miss or regression, 1 bad
    /// input with one line on stderr.
    public static func run<Suite: BenchSuite>(_ suite: Suite.Type) -> Never {
        run(suite, arguments: Array(CommandLine.arguments.dropFirst()))
    }

    /// Parses `arguments` (the command line after the tool's name, or after a subcommand of
    /// another tool that hands its arguments on) for `suite` and runs it, as ``run(_:)`` does.
    public static func run<Suite: BenchSuite>(_ suite: Suite.Type, arguments: [String]) -> Never {
        CommandLineMain.run(arguments, root: BenchCommand<Suite>.self, parse: BenchCommand<Suite>.parseStrictly)
    }
}
