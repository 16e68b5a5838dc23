import Foundation
import Render

/// Reads the `Environment` of the current process.
enum EnvironmentProbe {
    /// "release" or "debug", from how this binary was compiled.
    static var buildConfiguration: String {
        #if DEBUG
        return "debug"
        #else
        return "release"
        #endif
    }

    /// The compiler version this binary was built with, as precisely as `#if compiler` tells.
    static var compilerVersion: String {
        #if compiler(>=6.3)
        return ">=6.3"
        #elseif compiler(>=6.2)
        return "6.2"
        #elseif compiler(>=6.1)
        return "6.1"
        #else
        return "6.0"
        #endif
    }

    /// The environment now, measured by `tool`, with the vector instruction set the tool's
    /// kernels run on.
    static func current(tool: String? = nil, kernels: String? = nil) -> Environment {
        let runtimeSwift = Subprocess.firstLine(["swift", "--version"])
        return Environment(
            cpuModel: cpuModel() ?? "unknown",
            cores: ProcessInfo.processInfo.activeProcessorCount,
            os: operatingSystem(),
            swiftVersion: runtimeSwift ?? "Swift \(compilerVersion)",
            swiftCompiler: compilerVersion,
            buildConfiguration: buildConfiguration,
            commit: Subprocess.firstLine(["git", "rev-parse", "--short", "HEAD"]) ?? "unknown",
            loadAverage: loadAverage(),
            confettiKernels: kernels,
            tool: tool
        )
    }

    /// The 1, 5 and 15 minute load averages, or an empty array.
    static func loadAverage() -> [Double] {
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else {
            return []
        }
        return text.split(separator: " ").prefix(3).compactMap { Double($0) }
    }

    private static func cpuModel() -> String? {
        guard let text = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else {
            return nil
        }
        let line = text.split(separator: "\n").first { $0.hasPrefix("model name") }
        return line?.split(separator: ":", maxSplits: 1).last
            .map { $0.trimmingCharacters(in: .whitespaces) }
    }

    private static func operatingSystem() -> String {
        if let text = try? String(contentsOfFile: "/etc/os-release", encoding: .utf8),
            let line = text.split(separator: "\n").first(where: { $0.hasPrefix("PRETTY_NAME=") })
        {
            return String(line.dropFirst("PRETTY_NAME=".count))
                .trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        }
        return Subprocess.firstLine(["uname", "-sr"]) ?? "unknown"
    }
}
