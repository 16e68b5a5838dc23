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
