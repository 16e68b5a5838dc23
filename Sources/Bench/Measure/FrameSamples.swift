/// Raw per-frame measurements of one workload, in nanoseconds, in frame order.
struct FrameSamples: Codable, Equatable, Sendable {
    /// CPU time of the measuring thread per frame.
    var cpuNs: [UInt64]
    /// Monotonic wall time per frame.
    var wallNs: [UInt64]
    /// CPU time of the whole process per frame; recorded for parallel workloads only.
    var processCPUNs: [UInt64]?

    private enum CodingKeys: String, CodingKey {
        case cpuNs = "cpu_ns"
        case wallNs = "wall_ns"
        case processCPUNs = "process_cpu_ns"
    }
}

extension FrameSamples {
    /// The times a frame's cost is read from: wall time for a frame spread over threads
    /// (`parallel`), which the measuring thread's clock does not cover, else that thread's
    /// CPU time.
    func frameNs(parallel: Bool) -> [UInt64] { parallel ? wallNs : cpuNs }
}
