import ArgumentParser

/// Which harness runs the scenarios.
enum Harness: String, CaseIterable, ExpressibleByArgument, Sendable {
    /// `bench`'s own sampler, budgets and reports.
    case native
    /// Google Benchmark through `CBench`, with its own flags and output.
    case gbench
}
