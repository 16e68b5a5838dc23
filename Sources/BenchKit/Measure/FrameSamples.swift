/// Raw per-frame measurements of one workload, in nanoseconds, in frame order.
package struct FrameSamples: Codable, Equatable, Sendable {
    /// CPU time of the measuring thread per frame.
    package var cpuNs: [UInt64]
    /// Monotonic wall time per frame.
    package var wallNs: [UInt64]
    /// CPU time of the whole process per frame; recorded for parallel workloads only.
    package var processCPUNs: [UInt64]?

    /// A value with the given fields.
    package init(cpuNs: [UInt64], wallNs: [UInt64], processCPUNs: [UInt64]? = nil) {
        self.cpuNs = cpuNs
        self.wallNs = wallNs
        self.processCPUNs = processCPUNs
    }

    private enum CodingKeys: String, CodingKey {
        case cpuNs = "cpu_ns"
        case wallNs = "wall_ns"
        case processCPUNs = "process_cpu_ns"
    }
}

extension FrameSamples {
    /// Decodes the three clocks; throws `DecodingError.dataCorrupted` unless every recorded
    /// clock has one sample per frame.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let cpuNs = try container.decode([UInt64].self, forKey: .cpuNs)
        let wallNs = try container.decode([UInt64].self, forKey: .wallNs)
        let processCPUNs = try container.decodeIfPresent([UInt64].self, forKey: .processCPUNs)
        for (key, count) in [(CodingKeys.wallNs, wallNs.count), (.processCPUNs, processCPUNs?.count ?? cpuNs.count)]
        where count != cpuNs.count {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: container,
                debugDescription: "\(count) samples against \(cpuNs.count) in cpu_ns: one per frame in each clock")
        }
        self.init(cpuNs: cpuNs, wallNs: wallNs, processCPUNs: processCPUNs)
    }
}

extension FrameSamples {
    /// The times a frame's cost is read from: wall time for a frame spread over threads
    /// (`parallel`), which the measuring thread's clock does not cover, else that thread's
    /// CPU time.
    package func frameNs(parallel: Bool) -> [UInt64] { parallel ? wallNs : cpuNs }

    /// The times a frame's cost is read from, as `frameNs(parallel:)` for a frame that was
    /// spread over threads when process CPU time was recorded (only parallel workloads record it).
    package var frameNs: [UInt64] { frameNs(parallel: processCPUNs != nil) }

    /// The samples of the frames in `range`.
    package func frames(_ range: Range<Int>) -> FrameSamples {
        FrameSamples(
            cpuNs: Array(cpuNs[range]), wallNs: Array(wallNs[range]),
            processCPUNs: processCPUNs.map { Array($0[range]) })
    }

    /// The samples of `rounds`, one after the other.
    package static func joined(_ rounds: [FrameSamples]) -> FrameSamples {
        let parallel = rounds.allSatisfy { $0.processCPUNs != nil } && !rounds.isEmpty
        return FrameSamples(
            cpuNs: rounds.flatMap(\.cpuNs), wallNs: rounds.flatMap(\.wallNs),
            processCPUNs: parallel ? rounds.flatMap { $0.processCPUNs ?? [] } : nil)
    }
}
