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
        BenchCommand<Suite>.main()
        return exit(0)
    }
}
