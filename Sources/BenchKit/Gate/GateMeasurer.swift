import CBench
import Foundation

/// Measures the deterministic gate quantities of workloads: allocations and counters in this
/// process, instructions with an `InstructionCounter`.
struct GateMeasurer {
    /// The fixed run: particles, warmup, iterations and seed.
    let thresholds: Thresholds
    /// Counts instructions under callgrind; nil to skip instruction counts.
    let instructionCounter: InstructionCounter?
    /// What the suite changes in the settings (``BenchSuite/instructionCountSettings(_:)`` in
    /// the run callgrind counts); unchanged by default.
    var adjust: @Sendable (RunSettings) -> RunSettings = { $0 }

    /// The settings `entry`'s gate workload is built with: its options at their defaults.
    func settings(for entry: Scenario) -> RunSettings {
        let options = entry.options.compactMap { option in option.defaultValue.map { (option.name, $0) } }
        return adjust(RunSettings(
            particles: thresholds.particles, frames: thresholds.iterations,
            warmup: thresholds.warmup, fps: 60, seed: thresholds.seed, threads: 1, snapshot: nil,
            options: Dictionary(options, uniquingKeysWith: { first, _ in first })))
    }

    /// Builds `entry`'s workload with its gate settings and runs its warmup frames.
    func prepare(_ entry: ScenarioRegistry.Entry) throws -> FrameTarget {
        entry.prepare()
        let target = FrameTarget(try entry.make(settings(for: entry)))
        target.workload.warmUp(frames: thresholds.warmup)
        return target
    }

    /// Measures `entry`. Allocations are counted on the measuring thread, or on every thread
    /// for a parallel workload.
    func measure(_ entry: ScenarioRegistry.Entry) throws -> GateMeasurement {
        let target = try prepare(entry)
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
            instructions: try instructionCounter?.count(entry.name, thresholds: thresholds),
            allocations: available ? allocations : nil,
            allocationFree: target.workload is any AllocationFreeWorkload,
            counters: (target.workload as? any CountingWorkload)?.counters ?? [:]
        )
    }
}
