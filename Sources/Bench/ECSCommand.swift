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

    @Option(help: "Standard output format: table, json, markdown or csv.")
    var format: OutputFormat = .table

    func validate() throws {
        if let entities, !(1...50_000_000).contains(entities) {
            throw ValidationError("--entities must be between 1 and 50000000 (got \(entities))")
        }
        guard (1...64).contains(threads) else { throw ValidationError("--threads must be between 1 and 64 (got \(threads))") }
        for name in selected where !ECSWorkloadCatalog.names.contains(name) {
            throw ValidationError("unknown workload '\(name)' (known: \(ECSWorkloadCatalog.names.joined(separator: ", ")))")
        }
    }

    private var selected: [String] {
        workload.map { $0.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? ECSWorkloadCatalog.names
    }

    func run() throws {
        var rows: [(name: String, entities: Int, nsPerEntity: [Double])] = []
        for name in selected {
            for count in entities.map({ [$0] }) ?? ECSWorkloadCatalog.defaultCounts(name) {
                let workload = try ECSWorkloadCatalog.make(name, entities: count, threads: threads)
                rows.append((workload.name, count, nsPerEntity(workload)))
            }
        }
        if format == .json {
            let scenarios = rows.map { row -> [String: Any] in
                let sorted = row.nsPerEntity.sorted()
                return ["name": row.name, "params": ["entities": row.entities, "threads": threads],
                        "ns_per_entity": ["p50": Percentiles.percentile(sorted: sorted, 50), "min": sorted[0], "max": sorted[sorted.count - 1]]]
            }
            let data = try JSONSerialization.data(withJSONObject: ["scenarios": scenarios], options: [.prettyPrinted, .sortedKeys])
            print(String(decoding: data, as: UTF8.self))
        } else {
            let table = rows.map { row -> [String] in
                let sorted = row.nsPerEntity.sorted()
                return [row.name, String(row.entities)] + [Percentiles.percentile(sorted: sorted, 50), sorted[0], sorted[sorted.count - 1]]
                    .map { String(format: "%.2f", $0) }
            }
            let text = TextTable(headers: ["workload", "entities", "p50 ns/entity", "min", "max"], rows: table).rendered(format)
            print(text ?? "", terminator: "")
        }
    }

    /// Ns per entity of each measured frame: the measuring thread's CPU time, or wall time for
    /// parallel workloads. The frame count adapts so that each workload measures for ~0.3 s.
    private func nsPerEntity(_ workload: any Workload) -> [Double] {
        let probe = Sampler(warmup: 2, frames: 3).measure(workload)
        let estimate = Double((workload.isParallel ? probe.wallNs : probe.cpuNs).max() ?? 1)
        let frames = min(301, max(11, Int(300_000_000 / max(estimate, 1))))
        let samples = Sampler(warmup: 0, frames: frames).measure(workload)
        let perEntity = Double(workload.entitiesPerFrame)
        return (workload.isParallel ? samples.wallNs : samples.cpuNs).map { Double($0) / perEntity }
    }
}
