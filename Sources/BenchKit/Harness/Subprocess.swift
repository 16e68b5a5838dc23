import Foundation

/// Runs external programs found on `PATH`.
enum Subprocess {
    /// Which output stream of the child is captured.
    enum Stream: Sendable {
        /// The child's standard output.
        case standardOutput
        /// The child's standard error.
        case standardError
    }

    /// The outcome of a finished child.
    struct Result: Sendable {
        /// The exit status (or terminating signal number).
        let status: Int32
        /// The captured stream, decoded as UTF-8.
        let output: String
    }

    /// Runs `arguments` (program name first), capturing `stream`; the other stream goes to
    /// `rest`. Returns nil when the program cannot be started.
    static func run(_ arguments: [String], capturing stream: Stream, rest: FileHandle) -> Result? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        switch stream {
        case .standardOutput:
            process.standardOutput = pipe
            process.standardError = rest
        case .standardError:
            process.standardOutput = rest
            process.standardError = pipe
        }
        do {
            try process.run()
        } catch {
            return nil
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, output: String(decoding: data, as: UTF8.self))
    }

    /// The first line of a command's standard output, or nil when it cannot run or fails.
    static func firstLine(_ arguments: [String]) -> String? {
        guard let result = run(arguments, capturing: .standardOutput, rest: .nullDevice),
            result.status == 0
        else { return nil }
        return result.output.split(separator: "\n").first.map(String.init)
    }

    /// The path of the running binary.
    static var currentExecutable: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }

    /// The file name of ``currentExecutable``: the product a package builds it as.
    static var currentExecutableName: String {
        currentExecutable.split(separator: "/").last.map(String.init) ?? "bench"
    }
}
