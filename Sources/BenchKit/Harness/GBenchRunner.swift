import CBench
import Foundation

/// Runs scenarios through Google Benchmark (`CBench`), which prints its own report and writes
/// its own JSON (`--benchmark_out=FILE`), readable by Google Benchmark's `compare.py`.
///
/// Each scenario is registered as `<name>/<param>:<value>...` with a fixed iteration count of
/// `settings.frames`, after `settings.warmup` unmeasured frames.
struct GBenchRunner {
    /// The run's settings.
    let settings: RunSettings

    /// Registers and runs `entries`, passing `flags` (Google Benchmark's `--benchmark_*`
    /// flags) to Google Benchmark. Returns its exit status.
    func run(_ entries: [ScenarioRegistry.Entry], flags: [String]) throws -> Int32 {
        let targets = try entries.map { FrameTarget(try $0.make(settings)) }
        for target in targets {
            target.workload.warmUp(frames: settings.warmup)
            let status = cbench_register(
                Self.benchmarkName(target.workload), FrameTarget.frameFunction,
                Unmanaged.passUnretained(target).toOpaque(), Int64(settings.frames),
                Int64(target.workload.entitiesPerFrame))
            guard status == 0 else {
                throw BenchError.toolFailed(tool: "Google Benchmark", reason: "registration failed")
            }
        }
        return withExtendedLifetime(targets) { Self.invoke(["bench"] + flags) }
    }

    /// The Google Benchmark name of a workload: its name, then its parameters in key order.
    static func benchmarkName(_ workload: any Workload) -> String {
        BenchmarkName.of(workload.name, workload.params)
    }

    private static func invoke(_ arguments: [String]) -> Int32 {
        // Google Benchmark removes the flags it consumes from argv, so free the original list.
        let owned = arguments.map { strdup($0) }
        defer { owned.forEach { free($0) } }
        var argv = owned + [nil]
        return cbench_run(Int32(arguments.count), &argv)
    }
}
