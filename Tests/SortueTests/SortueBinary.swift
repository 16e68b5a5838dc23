import Foundation
import Testing

/// The built `sortue` executable, which SwiftPM places next to the test bundle
/// (`.build/<triple>/debug`).
enum SortueBinary {
    /// The path of `sortue`, or a test failure that says how to build it.
    static func path() throws -> String {
        let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
        let packageDebug = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug").path
        for directory in [bundleDirectory, Bundle.main.bundlePath, packageDebug] {
            let candidate = directory + "/sortue"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        Issue.record("the sortue executable is missing next to the tests (looked in \(bundleDirectory) and \(packageDebug)); run `swift build --product sortue` first")
        throw CancellationError()
    }

    /// Runs `sortue` with `arguments` to the end without a terminal: status, stdout, stderr.
    static func run(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
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
        return (process.terminationStatus, String(decoding: stdout, as: UTF8.self), String(decoding: stderr, as: UTF8.self))
    }
}
