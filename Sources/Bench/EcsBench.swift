import ArgumentParser
import BenchKit
import ECS

/// The `bench` tool: this project's scenarios, its `ecs` subcommand, and the C
/// kernels' instruction set (`--confetti-kernels`), portable while instructions are counted.
enum EcsBench: BenchSuite {
    /// Every scenario of `bench` (``ScenarioRegistry/standard``).
    static let scenarios = ScenarioRegistry.standard
    /// `bench`.
    static var commandName: String { "bench" }
    /// What `bench` measures.
    static var abstract: String { "Measure ecs-bench workloads against real-time frame budgets." }
    /// `ecs`.
    static var subcommands: [any ParsableCommand.Type] { [ECSCommand.self] }

    /// The portable kernels, whose counts do not depend on the machine's vector extensions.
    static func instructionCountSettings(_ settings: RunSettings) -> RunSettings {
        KernelOption.portable(settings)
    }

    /// The kernels `--confetti-kernels` names, or the widest this machine runs.
    static func kernels(_ settings: RunSettings) -> String? { KernelOption.kernels(settings).rawValue }
}

/// The entry point of `bench`.
@main
enum BenchTool {
    static func main() { BenchMain.run(EcsBench.self) }
}
