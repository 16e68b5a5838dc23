import Foundation

/// Runs rounds of a `bench` binary, each in a fresh process, and records the machine around
/// each: the load average before it and the cores others kept busy while it ran
/// (``NeighbourLoad``).
///
/// A round runs `<binary> <arguments> --format json --no-save --quiet` and reads the result from
/// its standard output, the public interface of every `bench` that writes results, so a binary
/// built from an older commit can be a side of `bench compare --run`. The child's standard
/// error passes through, so its one-line error is seen.
struct RoundRunner {
    /// The run options every round gets, e.g. `["--scenario", "confetti", "--frames", "200"]`.
    let arguments: [String]

    /// Measures round `index` with `binary`, adding `extraArguments` to the run options; `label`
    /// names the binary in the round's record (nil for this binary). Throws `BenchError.toolFailed` when the binary cannot start, fails
    /// (exit status other than 0 or 2) or prints no result.
    func round(_ binary: String, index: Int, label: String? = nil, extraArguments: [String] = []) throws -> (result: RunResult, record: RoundRecord) {
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw BenchError.toolFailed(tool: binary, reason: "not an executable file")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments + extraArguments + ["--format", "json", "--no-save", "--quiet"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.standardError
        let createdAt = RunReport.isoTime(Date())
        let loadAverage = EnvironmentProbe.loadAverage()
        let start = NeighbourLoad.read()
        do {
            try process.run()
        } catch {
            throw BenchError.toolFailed(tool: binary, reason: "cannot start: \(error.localizedDescription)")
        }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let neighbourLoad = NeighbourLoad.cores(from: start, to: NeighbourLoad.read())
        let status = process.terminationStatus
        guard process.terminationReason == .exit, status == 0 || status == 2 else {
            let how = process.terminationReason == .exit ? "exited with status \(status)" : "was killed by signal \(status)"
            throw BenchError.toolFailed(tool: binary, reason: "round \(index + 1) \(how)")
        }
        let result: RunResult
        do {
            result = try ResultCoding.decode(output, source: "round \(index + 1) of \(binary)")
        } catch {
            throw BenchError.toolFailed(tool: binary, reason: "round \(index + 1) printed no bench result (\(error))")
        }
        let record = RoundRecord(
            index: index, createdAt: createdAt, loadAverage: loadAverage, neighbourLoad: neighbourLoad, binary: label)
        return (result, record)
    }
}
