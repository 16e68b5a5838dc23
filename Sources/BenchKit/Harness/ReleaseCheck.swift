import ArgumentParser
import Foundation

/// A command whose numbers (timings, instruction counts) are only meaningful from a release
/// build.
public protocol NeedsReleaseBuild {}

extension BenchCommand: NeedsReleaseBuild {}

/// Keeps a debug build from reporting budget verdicts as if measured.
///
/// A debug build run from the package directory rebuilds itself in release
/// (`swift build -c release --product bench`) and replaces itself with the release binary,
/// with the same arguments. `BENCH_RELAUNCHED` in the environment prevents a loop. When that
/// is not possible, the run goes on with verdicts `not_judged` and says so on stderr.
enum ReleaseCheck {
    /// The environment variable set on the relaunched process.
    static let guardVariable = "BENCH_RELAUNCHED"

    /// Whether this build's timings are judged against budgets (release builds only).
    static var isJudged: Bool {
        #if DEBUG
        return false
        #else
        return true
        #endif
    }

    /// Prints the debug-build note on stderr when timings are not judged.
    static func noteIfNotJudged() {
        guard !isJudged else { return }
        FileHandle.standardError.write(Data("debug build: timings not judged against budgets\n".utf8))
    }

    /// In a debug build, replaces this process with the release build of the same product
    /// (the executable's name) running `arguments`, when `command` needs a release build and
    /// the package that builds it is the current directory. Returns when it does not relaunch.
    static func relaunchIfNeeded(_ command: any ParsableCommand, arguments: [String]) {
        let product = Subprocess.currentExecutableName
        guard !isJudged, command is any NeedsReleaseBuild,
            ProcessInfo.processInfo.environment[guardVariable] == nil,
            let manifest = try? String(contentsOfFile: "Package.swift", encoding: .utf8),
            manifest.contains("\"\(product)\"")
        else { return }
        let note = "debug build: building release (swift build -c release --product \(product)) to measure\n"
        FileHandle.standardError.write(Data(note.utf8))
        guard
            let build = Subprocess.run(
                ["swift", "build", "-c", "release", "--product", product],
                capturing: .standardOutput, rest: .standardError),
            build.status == 0,
            let directory = Subprocess.firstLine(["swift", "build", "-c", "release", "--show-bin-path"])
        else {
            FileHandle.standardError.write(Data("debug build: release build failed\n".utf8))
            return
        }
        let binary = directory + "/" + product
        setenv(guardVariable, "1", 1)
        var argv = ([binary] + arguments).map { strdup($0) }
        argv.append(nil)
        execv(binary, &argv)
        FileHandle.standardError.write(Data("debug build: cannot run \(binary)\n".utf8))
    }
}
