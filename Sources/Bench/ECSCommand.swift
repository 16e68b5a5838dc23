import ArgumentParser
import Foundation

/// `bench ecs`: the standard ECS workloads, in ns per entity.
struct ECSCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ecs",
        abstract: "Run the standard ECS workloads (ecs_bench_suite set plus particle_update) and print ns per entity."
    )

    @Option(help: "Entity count for every workload (default: each workload's standard sizes).")
    var entities: Int?

    @Option(help: "Comma-separated workloads to run (default: all).")
    var workload: String?

    @Option(help: "Threads for the parallel workloads (heavy_compute, schedule).")
    var threads: Int = 2

    @Option(help: "Output format: table or json.")
    var format: String = "table"

    func validate() throws {
        if let entities, !(1...50_000_000).contains(entities) {
            throw ValidationError("--entities must be between 1 and 50000000 (got \(entities))")
        }
        guard (1...64).contains(threads) else { throw ValidationError("--threads must be between 1 and 64 (got \(threads))") }
        guard ["table", "json"].contains(format) else { throw ValidationError("--format must be table or json (got \(format))") }
        for name in selected where !ECSWorkloadCatalog.names.contains(name) {
            throw ValidationError("unknown workload '\(name)' (known: \(ECSWorkloadCatalog.names.joined(separator: ", ")))")
        }
    }

    private var selected: [String] {
        workload.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? ECSWorkloadCatalog.names
    }

    func run() throws {
        var rows: [(name: String, entities: Int, stats: [Double])] = []
        for name in selected {
            for count in entities.map({ [$0] }) ?? ECSWorkloadCatalog.defaultCounts(name) {
                let workload = try ECSWorkloadCatalog.make(name, entities: count, threads: threads)
                rows.append((workload.name, count, nsPerEntity(workload)))
            }
        }
        if format == "json" {
            let scenarios = rows.map { row -> [String: Any] in
                let sorted = row.stats.sorted()
                return ["name": row.name, "params": ["entities": row.entities, "threads": threads],
                        "ns_per_entity": ["p50": sorted[sorted.count / 2], "min": sorted.first!, "max": sorted.last!]]
            }
            let data = try JSONSerialization.data(withJSONObject: ["scenarios": scenarios], options: [.prettyPrinted, .sortedKeys])
            print(String(decoding: data, as: UTF8.self))
        } else {
            print("workload".padding(toLength: 28, withPad: " ", startingAt: 0) + "entities      p50 ns    min ns    max ns")
            for row in rows {
                let sorted = row.stats.sorted()
                print(row.name.padding(toLength: 28, withPad: " ", startingAt: 0)
                      + String(format: "%8d  %8.2f  %8.2f  %8.2f", row.entities, sorted[sorted.count / 2], sorted.first!, sorted.last!))
            }
        }
    }

    /// Per-frame ns per entity: CPU time of this thread, or wall time for parallel workloads.
    private func nsPerEntity(_ workload: any Workload) -> [Double] {
        func now() -> UInt64 {
            var spec = timespec()
            clock_gettime(workload.isParallel ? CLOCK_MONOTONIC : CLOCK_THREAD_CPUTIME_ID, &spec)
            return UInt64(spec.tv_sec) * 1_000_000_000 + UInt64(spec.tv_nsec)
        }
        let start = now()
        for _ in 0..<3 { workload.runFrame() }
        let estimate = Double(now() - start) / 3
        let frames = min(301, max(11, Int(300_000_000 / max(estimate, 1))))
        return (0..<frames).map { _ in
            let begin = now()
            workload.runFrame()
            return Double(now() - begin) / Double(workload.entitiesPerFrame)
        }
    }
}
