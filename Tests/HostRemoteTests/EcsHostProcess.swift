#if RemoteHost
import Foundation
import Testing

/// An `ecs-host` process started by a test: it listens on the port it printed, and is killed
/// (SIGKILL) when the test asks or when it is dropped.
final class EcsHostProcess: Sendable {
    /// The port `ecs-host` printed.
    let port: Int
    private let process: Process

    /// Starts `ecs-host` with `arguments` (`--port 0` unless a port is given), under an
    /// open-file limit of `openFileLimit` (soft and hard) when one is given, and waits (up to
    /// ``waitLimitSeconds``) for the port it prints, suspended rather than holding one of the few
    /// threads that every other test's tasks need.
    init(_ arguments: [String] = [], openFileLimit: Int? = nil) async throws {
        let process = Process()
        let arguments = arguments.contains("--port") ? arguments : ["--port", "0"] + arguments
        if let openFileLimit {
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -n \(openFileLimit) && exec \"$0\" \"$@\"", try Self.path()] + arguments
        } else {
            process.executableURL = URL(fileURLWithPath: try Self.path())
            process.arguments = arguments
        }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        // A class that owns its lock: a lock captured as a local by the reader's escaping
        // closure lives in a box whose accesses ThreadSanitizer sees racing.
        let printed = Recorder<String>()
        try process.run()
        // Blocking reads on a thread of their own, until the pipe's end: a `readabilityHandler`
        // registers the pipe with libdispatch's event loop, whose teardown beside other tests'
        // can crash the whole test process on Linux (swift-corelibs-libdispatch issue 949).
        let reading = output.fileHandleForReading
        Thread {
            while case let data = reading.availableData, !data.isEmpty {
                printed.append(String(decoding: data, as: UTF8.self))
            }
        }.start()
        // `waitUntil` reads the output after every sleep before it looks at its deadline: in a
        // full sanitised run this task may resume only after the deadline, and the port printed
        // meanwhile must still count.
        var port: Int?
        do {
            try await waitUntil("the port ecs-host prints") {
                port = printed.all.joined().split(separator: "\n").first.flatMap { Int($0) }
                return port != nil || !process.isRunning
            }
        } catch {
            process.terminate()
            throw error
        }
        self.process = process
        guard let port else {
            Issue.record("ecs-host ended without printing its port")
            throw CancellationError()
        }
        self.port = port
    }

    deinit {
        kill()
    }

    /// Whether the process still runs.
    var isRunning: Bool { process.isRunning }

    /// Kills the process at once (no goodbye to its clients) and waits for it to end.
    func kill() {
        guard process.isRunning else { return }
        Foundation.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Sends SIGTERM and waits (up to 30 s) for the exit status.
    func terminate() -> Int32? {
        guard process.isRunning else { return process.terminationStatus }
        process.terminate()
        let deadline = ContinuousClock.now + .seconds(30)
        while process.isRunning, ContinuousClock.now < deadline { Thread.sleep(forTimeInterval: 0.01) }
        return process.isRunning ? nil : process.terminationStatus
    }

    /// The built `ecs-host`, next to the test bundle (`.build/<triple>/debug`).
    static func path() throws -> String {
        let bundleDirectory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().path
        let packageDebug = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug").path
        for directory in [bundleDirectory, Bundle.main.bundlePath, packageDebug] {
            let candidate = directory + "/ecs-host"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        Issue.record("the ecs-host executable is missing next to the tests; run `swift build --product ecs-host` first")
        throw CancellationError()
    }

    /// Runs `ecs-host` with `arguments` to its end: status and standard error.
    static func run(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try path())
        process.arguments = arguments
        let errors = Pipe()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errors
        try process.run()
        let stderr = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: stderr, as: UTF8.self))
    }
}
#endif
