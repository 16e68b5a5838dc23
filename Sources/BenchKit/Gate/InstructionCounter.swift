import Foundation

/// Counts the instructions of a workload's measured frames by running this binary's hidden
/// `gate --count` mode under callgrind, collecting only inside `cbench_run_frames`, with Swift's
/// hashing made deterministic so that dictionaries probe alike in every run.
///
/// Valgrind 3.19 cannot read the DWARF 5 debug information Swift emits, so callgrind runs a
/// copy of this binary without debug sections (`objcopy --strip-debug`); symbols are kept.
final class InstructionCounter {
    private let directory: String
    private let binary: String

    /// Prepares the stripped copy of this binary in a temporary directory.
    init() throws {
        let template = NSTemporaryDirectory() + "bench-gate-XXXXXX"
        var buffer = Array(template.utf8CString)
        guard let created = mkdtemp(&buffer) else {
            throw BenchError.unwritableOutput(path: template, reason: String(cString: strerror(errno)))
        }
        directory = String(cString: created)
        binary = directory + "/bench"
        let strip = Subprocess.run(
            ["objcopy", "--strip-debug", Subprocess.currentExecutable, binary],
            capturing: .standardError, rest: .nullDevice)
        guard strip?.status == 0 else {
            try? FileManager.default.removeItem(atPath: directory)
            throw BenchError.toolFailed(tool: "objcopy", reason: "cannot copy \(Subprocess.currentExecutable)")
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Instructions of `thresholds.iterations` frames of scenario `name`, after warmup.
    func count(_ name: String, thresholds: Thresholds) throws -> UInt64 {
        // Deterministic hashing: a dictionary's probes otherwise vary with the process's random
        // seed, and with them the count.
        let arguments = [
            "SWIFT_DETERMINISTIC_HASHING=1", "valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
            "--toggle-collect=cbench_run_frames", binary,
            "gate", "--count", name, "--iterations", String(thresholds.iterations),
            "--warmup", String(thresholds.warmup), "--particles", String(thresholds.particles),
            "--seed", String(thresholds.seed),
        ]
        guard let result = Subprocess.run(arguments, capturing: .standardError, rest: .nullDevice)
        else {
            throw BenchError.toolFailed(tool: "valgrind", reason: "cannot start (is it installed?)")
        }
        guard result.status == 0, let count = Self.collected(in: result.output) else {
            let last = result.output.split(separator: "\n").last.map(String.init) ?? ""
            throw BenchError.toolFailed(
                tool: "valgrind", reason: "no instruction count for \(name) (exit \(result.status)): \(last)")
        }
        return count
    }

    /// The total from callgrind's `Collected : <n>` line, nil when absent.
    static func collected(in output: String) -> UInt64? {
        for line in output.split(separator: "\n") {
            guard let range = line.range(of: "Collected :") else { continue }
            return UInt64(line[range.upperBound...].trimmingCharacters(in: .whitespaces))
        }
        return nil
    }
}
