import ArgumentParser

/// The `bench` command line: runs the scenarios, judges them against frame budgets and
/// tracks regressions.
@main
struct BenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bench",
        abstract: "Measure ecs-bench workloads against real-time frame budgets.",
        subcommands: [ECSCommand.self]
    )
}
