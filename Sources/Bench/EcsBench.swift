import ArgumentParser
import BenchKit
import Systems

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

    /// Activates the kernels `--confetti-kernels` names (the widest this machine runs when
    /// it names none).
    static func prepare(_ settings: RunSettings) throws {
        guard let name = settings.text(KernelOption.name), let set = ConfettiInstructionSet(rawValue: name) else { return }
        try ConfettiInstructionSet.activate(set)
    }

    /// The portable kernels, whose counts do not depend on the machine's vector extensions.
    static func prepareForInstructionCounts() throws {
        try ConfettiInstructionSet.activate(.portable)
    }

    /// The kernels' instruction set now.
    static var kernels: String? { ConfettiInstructionSet.active.rawValue }
}

/// The entry point of `bench`.
@main
enum BenchTool {
    static func main() { BenchMain.run(EcsBench.self) }
}
