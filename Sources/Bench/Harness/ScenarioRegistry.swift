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
        /// What the scenario's size follows (`bench capacity` searches it), nil for a fixed
        /// workload.
        let scale: Scale?

        /// What a scenario's size follows.
        enum Scale: Sendable {
            /// `--particles`.
            case particles
            /// The audio scenarios' `--voices`.
            case voices
        }

        /// Registers `make` under `name`.
        init(
            _ name: String, scale: Scale? = nil, runsTasksOnEventLoops: Bool = false,
            _ make: @escaping @Sendable (RunSettings) throws -> any Workload
        ) {
            self.name = name
            self.scale = scale
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

    /// The registered scenarios whose size follows a count, in run order (on-demand ones
    /// last): the ones `bench capacity` can search.
    var scalable: [Entry] { (entries + onDemand).filter { $0.scale != nil } }

    /// The names `select` accepts: `names`, then the on-demand scenarios.
    var selectableNames: [String] { names + onDemand.map(\.name) }

    /// The scenarios named in `selection` (a comma-separated list; blanks around and between
    /// the names are ignored), or all of `entries` when nil. Throws
    /// `BenchError.invalidArgument` listing the valid names for a list that names nothing (`""`,
    /// `","`, `" "`; the message names `option`), and `BenchError.unknownScenario` for a name
    /// that is not registered.
    func select(_ selection: String?, option: String = "--scenario") throws -> [Entry] {
        guard let selection else { return entries }
        let names = Self.names(in: selection)
        guard !names.isEmpty else {
            throw BenchError.invalidArgument(
                "\(option) names no scenario (got '\(selection)'); choose from \(selectableNames.joined(separator: ", "))")
        }
        return try names.map { name in
            guard let entry = (entries + onDemand).first(where: { $0.name == name }) else {
                throw BenchError.unknownScenario(name, known: selectableNames)
            }
            return entry
        }
    }

    /// The names of a comma-separated list, trimmed, without the empty ones.
    static func names(in list: String) -> [String] {
        list.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}
