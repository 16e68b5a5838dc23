import ArgumentParser

/// A bench tool: its scenarios and what it adds to the commands. ``BenchMain/run(_:)`` gives
/// it the whole command line (the default run, `compare`, `noise`, `history`, `gate`,
/// `capacity`, exports and plots) with the exit statuses 0 pass, 2 budget miss or regression,
/// 1 bad input.
///
/// ```swift
/// enum GameBench: BenchSuite {
///     static let scenarios = ScenarioRegistry([Scenario("physics") { _ in PhysicsWorkload() }])
/// }
/// ```
public protocol BenchSuite: SendableMetatype {
    /// The scenarios of the default run, in order, and those that run only when named.
    static var scenarios: ScenarioRegistry { get }
    /// The tool's name in its help: by default the executable's file name.
    static var commandName: String { get }
    /// One line saying what the tool measures.
    static var abstract: String { get }
    /// Further subcommands of the tool.
    static var subcommands: [any ParsableCommand.Type] { get }
    /// Readies the process for a run with `settings`, before any scenario is built: for
    /// example picks the vector instruction set an option names.
    static func prepare(_ settings: RunSettings) throws
    /// The settings a scenario is built with while its instructions are counted under
    /// callgrind (`gate`, `--count-instructions`), so that the counts do not depend on the
    /// machine: for example an option's portable kernels instead of the widest vectors.
    static func instructionCountSettings(_ settings: RunSettings) -> RunSettings
    /// The vector instruction set the tool's kernels run on with `settings`, recorded with
    /// each result; nil when that does not apply.
    static func kernels(_ settings: RunSettings) -> String?
}

extension BenchSuite {
    /// The executable's file name.
    public static var commandName: String { Subprocess.currentExecutableName }
    /// "Measure scenarios against real-time frame budgets."
    public static var abstract: String { "Measure scenarios against real-time frame budgets." }
    /// None.
    public static var subcommands: [any ParsableCommand.Type] { [] }
    /// Nothing to ready.
    public static func prepare(_ settings: RunSettings) throws {}
    /// The settings unchanged.
    public static func instructionCountSettings(_ settings: RunSettings) -> RunSettings { settings }
    /// None.
    public static func kernels(_ settings: RunSettings) -> String? { nil }
}
