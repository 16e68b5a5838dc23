import Foundation

/// An executable of this package, as SwiftPM builds it next to the test bundle
/// (`.build/<triple>/debug`), found and run by the tests that drive it as a person would.
public struct BuiltProduct: Sendable {
    /// The product's name, for example `sortue`.
    public let name: String

    /// The product called `name`.
    public init(_ name: String) {
        self.name = name
    }

    /// The executable is not built.
    public struct Missing: Error, CustomStringConvertible {
        /// What is missing and how to build it.
        public let description: String
    }

    /// The path of the executable.
    ///
    /// - Throws: ``Missing`` saying where it looked and how to build it.
    public func path() throws -> String {
        let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
        let packageDebug = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug").path
        for directory in [bundleDirectory, Bundle.main.bundlePath, packageDebug] {
            let candidate = directory + "/" + name
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        throw Missing(description: "the \(name) executable is missing next to the tests (looked in \(bundleDirectory) and \(packageDebug)); run `swift build --product \(name)` first")
    }

    /// What one run without a terminal gave.
    public struct Result: Sendable {
        /// The exit status.
        public let status: Int32
        /// Standard output.
        public let stdout: String
        /// Standard error.
        public let stderr: String
    }

    /// Runs the executable with `arguments` to the end, with standard input empty and output
    /// and errors in pipes (not a terminal).
    ///
    /// - Throws: ``Missing``, or the error of starting the process.
    public func run(_ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try path())
        process.arguments = arguments
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let stdout = output.fileHandleForReading.readDataToEndOfFile()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self))
    }
}
