/// The machine and build a run was measured on.
struct Environment: Codable, Equatable, Sendable {
    /// CPU model name from `/proc/cpuinfo`, or "unknown".
    var cpuModel: String
    /// Online processor count.
    var cores: Int
    /// Operating system from `/etc/os-release` (`PRETTY_NAME`) or `uname`.
    var os: String
    /// Swift version: `swift --version` at run time when available, else the compiler
    /// version the runner was built with.
    var swiftVersion: String
    /// The compiler version the runner was built with (best effort, from `#if compiler`).
    var swiftCompiler: String
    /// "release" or "debug".
    var buildConfiguration: String
    /// Short commit hash of the working tree, or "unknown".
    var commit: String
    /// The 1, 5 and 15 minute load averages from `/proc/loadavg` (empty when unavailable).
    var loadAverage: [Double]
    /// The instruction set of the confetti kernels (`KernelInstructionSet`); `nil` in
    /// results written before it was recorded.
    var confettiKernels: String?
    /// The name of the tool that measured the run (the suite's command name, `bench` here or
    /// the user's own); `nil` in results written before it was recorded.
    var tool: String? = nil

    /// The tool's name for titles and headings: ``tool``, or "bench" for older results.
    var toolName: String { tool ?? "bench" }

    /// Whether the 1-minute load average leaves less than half a core idle: wall times are
    /// then unreliable, while per-thread CPU time still holds.
    var isBusy: Bool { (loadAverage.first ?? 0) >= Double(cores) - 0.5 }

    private enum CodingKeys: String, CodingKey {
        case cores, os, commit
        case cpuModel = "cpu_model"
        case swiftVersion = "swift_version"
        case swiftCompiler = "swift_compiler"
        case buildConfiguration = "build_configuration"
        case loadAverage = "load_average"
        case confettiKernels = "confetti_kernels"
        case tool
    }
}
