import BenchKit
import ArgumentParser
import Foundation

/// `bench ecs`: the standard ECS workloads, in ns per entity, with the work each did and a
/// checksum of its final state.
///
/// Numeric options parse their value unconditionally, so a negative number reaches the range
/// check and its message.
struct ECSCommand: ParsableCommand {
    /// Name, summary and help text of the command.
    static let configuration = CommandConfiguration(
        commandName: "ecs",
        abstract: "Run the standard ECS workloads (ecs_bench_suite set plus particle_update) and print ns per entity.",
        discussion: """
            Times are ns per entity per frame; MB/s is the bytes a frame moves over the median \
            frame time (for serialize_binary and serialize_text, the snapshot written then read). \
            Each row also reports the frames run on the workload (warm-up and probe frames \
            included), the work they did (entities updated, spawned, destroyed) and a checksum \
            of the final state: per entity FNV-1a 64 over its components' little-endian bytes, \
            summed modulo 2^64, so another implementation can check it did the same work. \
            When a workload with a goal runs beside its baselines (observe with add_remove and \
            observe_c, hierarchy with hierarchy_c), a second table judges the goal on their \
            minimum ns per entity: met or missed. observe_direct, beside the same baselines, \
            shows the floor of observe's goal: the same callbacks called directly, with no \
            observer. Goals are reported, not gated.
            """
    )

    /// Entity count for every workload; each workload's standard sizes when absent.
    @Option(parsing: .unconditional, help: "Entity count for every workload (1...50000000; default: each workload's standard sizes).")
    var entities: Int?

    /// Comma-separated workloads to run, all when absent.
    @Option(
        help: ArgumentHelp(
            "Comma-separated workloads (default: all of \(ECSWorkloadCatalog.names.joined(separator: ", "))).",
            valueName: "names"))
    var workload: String?

    /// Threads for the parallel workloads; each workload's default when absent.
    @Option(
        parsing: .unconditional,
        help: "Threads for the parallel workloads heavy_compute, schedule and particle_update (1...1024); by default 2 for heavy_compute and schedule, to exercise them in parallel, and 1 for particle_update, the form the peers run (bench defaults to 1, to judge budgets on one core).")
    var threads: Int?

    /// Standard output format: table, json, markdown or csv.
    @Option(help: "Standard output format: table, json, markdown or csv.")
    var format: OutputFormat = .table

    /// Rejects out-of-range values and unknown workloads with one line.
    func validate() throws {
        if let entities {
            try MeasureOptions.check(entities, in: 1...MeasureOptions.maxParticles, "--entities")
        }
        if let threads { try MeasureOptions.check(threads, in: MeasureOptions.threadRange, "--threads") }
        if let workload, selected.isEmpty {
            throw ValidationError(
                "--workload names no workload (got '\(workload)'); choose from \(ECSWorkloadCatalog.names.joined(separator: ", "))")
        }
        for name in selected where !ECSWorkloadCatalog.names.contains(name) {
            throw ValidationError("unknown workload '\(name)' (known: \(ECSWorkloadCatalog.names.joined(separator: ", ")))")
        }
    }

    private var selected: [String] {
        workload.map(ScenarioRegistry.names(in:)) ?? ECSWorkloadCatalog.names
    }

    /// Measures the selected workloads and prints one row each.
    func run() throws {
        var rows: [ECSWorkloadRow] = []
        for name in selected {
            for count in entities.map({ [$0] }) ?? ECSWorkloadCatalog.defaultCounts(name) {
                let threads = self.threads ?? ECSWorkloadCatalog.defaultThreads(name)
                let workload = try ECSWorkloadCatalog.make(name, entities: count, threads: threads)
                rows.append(try ECSWorkloadRow(workload, entities: count, threads: threads, measure: Self.nsPerEntity))
            }
        }
        let goals = ECSGoal.judgements(rows.map(\.goalInput))
        if format == .json {
            let data = try JSONSerialization.data(
                withJSONObject: ["scenarios": rows.map(\.jsonObject), "goals": goals.map(\.jsonObject)],
                options: [.prettyPrinted, .sortedKeys])
            print(String(decoding: data, as: UTF8.self))
        } else {
            let text = TextTable(headers: ECSWorkloadRow.headers, rows: rows.map(\.cells)).rendered(format)
            print(text ?? "", terminator: "")
            // CSV stays one table, for the tools that read it.
            if !goals.isEmpty && format != .csv {
                let table = TextTable(headers: ECSGoal.Judgement.headers, rows: goals.map(\.cells)).rendered(format)
                print("\n" + (table ?? ""), terminator: "")
            }
        }
    }

    /// Ns per entity of each measured frame: the measuring thread's CPU time, or wall time for
    /// parallel workloads. The frame count adapts so that each workload measures for ~0.3 s.
    static func nsPerEntity(_ workload: any Workload) -> [Double] {
        let probe = Sampler(warmup: 2, frames: 3).measure(workload)
        let estimate = Double(probe.frameNs(parallel: workload.isParallel).max() ?? 1)
        let frames = min(301, max(11, Int(300_000_000 / max(estimate, 1))))
        let samples = Sampler(warmup: 0, frames: frames).measure(workload)
        let perEntity = Double(workload.entitiesPerFrame)
        return samples.frameNs(parallel: workload.isParallel).map { Double($0) / perEntity }
    }
}
