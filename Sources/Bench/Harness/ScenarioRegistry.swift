import Foundation

/// The named scenarios `bench` can run, each a factory from the run's settings to a fresh
/// `Workload`.
struct ScenarioRegistry: Sendable {
    /// One registered scenario.
    struct Entry: Sendable {
        /// The name used with `--scenario`.
        let name: String
        /// Builds the workload for a run.
        let make: @Sendable (RunSettings) throws -> any Workload
        /// The scenario measures sockets and runs the process's tasks on NIO's event loops
        /// (``EventLoopExecutor``), as a networked host process would.
        let runsTasksOnEventLoops: Bool

        /// Registers `make` under `name`.
        init(
            _ name: String, runsTasksOnEventLoops: Bool = false,
            _ make: @escaping @Sendable (RunSettings) throws -> any Workload
        ) {
            self.name = name
            self.runsTasksOnEventLoops = runsTasksOnEventLoops
            self.make = make
        }
    }

    /// The registered scenarios, in run order.
    let entries: [Entry]
    /// Scenarios that run only when named: benchmarks of `bench` itself, outside the default
    /// set that CI and a plain `bench` run.
    var onDemand: [Entry] = []

    /// The names of all scenarios, in run order.
    var names: [String] { entries.map(\.name) }

    /// The names `select` accepts: `names`, then the on-demand scenarios.
    var selectableNames: [String] { names + onDemand.map(\.name) }

    /// The scenarios named in `selection` (a comma-separated list), or all of `entries` when
    /// nil or empty. Throws `BenchError.unknownScenario` for a name that is not registered.
    func select(_ selection: String?) throws -> [Entry] {
        guard let selection, !selection.isEmpty else { return entries }
        return try selection.split(separator: ",").map { raw in
            let name = raw.trimmingCharacters(in: .whitespaces)
            guard let entry = (entries + onDemand).first(where: { $0.name == name }) else {
                throw BenchError.unknownScenario(name, known: selectableNames)
            }
            return entry
        }
    }
}
