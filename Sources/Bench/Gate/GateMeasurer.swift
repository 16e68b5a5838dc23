import CBench
import Foundation

/// Measures the deterministic gate quantities of workloads: allocations and counters in this
/// process, instructions by running this binary under callgrind.
struct GateMeasurer {
    /// The fixed run: particles, warmup, iterations and seed.
    let thresholds: Thresholds
    /// Whether to count instructions under valgrind.
    let countInstructions: Bool

    /// The settings a gate workload is built with.
    var settings: RunSettings {
        RunSettings(
            particles: thresholds.particles, frames: thresholds.iterations,
            warmup: thresholds.warmup, fps: 60, seed: thresholds.seed, threads: 1, snapshot: nil)
    }

    /// Measures `entry`. Allocations are counted on the measuring thread, or on every thread
    /// for a parallel workload.
    func measure(_ entry: ScenarioRegistry.Entry) throws -> GateMeasurement {
        let target = FrameTarget(try entry.make(settings))
        for _ in 0..<thresholds.warmup {
            target.workload.runFrame()
        }
        let available = cbench_alloc_counting_available() != 0
        if target.workload.isParallel {
            cbench_alloc_counting_begin()
        } else {
            cbench_alloc_counting_begin_this_thread()
        }
        target.runFrames(thresholds.iterations)
        let allocations = cbench_alloc_count_end()
        return GateMeasurement(
            name: entry.name,
            instructions: countInstructions ? try instructions(entry.name) : nil,
            allocations: available ? allocations : nil,
            allocationFree: target.workload is any AllocationFreeWorkload,
            counters: (target.workload as? any CountingWorkload)?.counters ?? [:]
        )
    }

    /// Runs `bench gate --count <name>` under callgrind, collecting only inside
    /// `cbench_run_frames`, and returns the collected instruction count.
    func instructions(_ name: String) throws -> UInt64 {
        let arguments = [
            "valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
            "--toggle-collect=cbench_run_frames", Self.executablePath(),
            "gate", "--count", name, "--iterations", String(thresholds.iterations),
            "--warmup", String(thresholds.warmup), "--particles", String(thresholds.particles),
            "--seed", String(thresholds.seed),
        ]
        guard let result = Subprocess.run(arguments, capturing: .standardError, rest: .nullDevice)
        else {
            throw BenchError.toolFailed(tool: "valgrind", reason: "cannot start (is it installed?)")
        }
        guard result.status == 0, let count = Self.collected(in: result.output) else {
            throw BenchError.toolFailed(
                tool: "valgrind", reason: "no instruction count for \(name) (exit \(result.status))")
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

    /// This process's executable.
    static func executablePath() -> String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments[0]
    }
}
