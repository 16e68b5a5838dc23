/// Instructions per frame of scenarios, counted by callgrind as `bench gate` counts them, so a
/// result can carry the deterministic change beside the timing change
/// (`bench --count-instructions`).
///
/// Each scenario runs `warmup` frames, then `frames` counted frames, at the run's particle
/// count and seed, on one thread with the portable kernels (the gate's settings otherwise).
enum FrameInstructions {
    /// Unmeasured frames before the counted ones.
    static let warmup = 3
    /// Counted frames.
    static let frames = 10

    /// Instructions per frame of each of `entries`, by scenario name. Throws
    /// `BenchError.toolFailed` when valgrind or objcopy is missing or fails.
    static func count(_ entries: [ScenarioRegistry.Entry], settings: RunSettings) throws -> [String: Double] {
        let counter = try InstructionCounter()
        let plan = Thresholds(
            buildConfiguration: EnvironmentProbe.buildConfiguration, particles: settings.particles, warmup: warmup,
            iterations: frames, seed: settings.seed, workloads: [:])
        var counts: [String: Double] = [:]
        for entry in entries {
            counts[entry.name] = Double(try counter.count(entry.name, thresholds: plan)) / Double(frames)
        }
        return counts
    }
}
