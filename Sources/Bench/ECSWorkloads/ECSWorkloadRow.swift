import BenchKit
import Foundation

/// One measured workload instance of `bench ecs`: its timings, work and final checksum.
struct ECSWorkloadRow {
    /// The workload's report name, for example `ecs.simple_iter`.
    let name: String
    /// Entities the workload was built with.
    let entities: Int
    /// Threads of the parallel workloads.
    let threads: Int
    /// Ns per entity of each measured frame, sorted ascending (at least one).
    let nsPerEntity: [Double]
    /// The work of every frame run, warm-up and probe frames included.
    let work: WorkCounts
    /// The checksum of the state after those frames.
    let checksum: StateChecksum
    /// The bytes one frame moves (``Workload/bytesPerFrame``: for the serialize workloads the
    /// snapshot, written then read).
    let bytesPerFrame: Int
    /// The entities one frame works on, which a frame's time is divided by.
    let entitiesPerFrame: Int

    /// Measures `workload` with `measure` (which returns ns per entity per frame), then reads
    /// its work and checksum.
    init(_ workload: any VerifiableWorkload, entities: Int, threads: Int, measure: (any Workload) -> [Double]) throws {
        name = workload.name
        self.entities = entities
        self.threads = threads
        nsPerEntity = measure(workload).sorted()
        work = workload.work
        checksum = try workload.stateChecksum()
        bytesPerFrame = workload.bytesPerFrame
        entitiesPerFrame = workload.entitiesPerFrame
    }

    /// Median ns per entity.
    var p50: Double { Percentiles.percentile(sorted: nsPerEntity, 50) }

    /// The frame's bytes over the median frame time, in MB/s (10^6 bytes per second); 0 for a
    /// workload that reports no bytes or took no time.
    var megabytesPerSecond: Double {
        let frameNs = p50 * Double(entitiesPerFrame)
        return frameNs > 0 ? Double(bytesPerFrame) / frameNs * 1000 : 0
    }

    /// The row as ``ECSGoal/judgements(_:)`` takes it: its `--workload` name, entities and
    /// minimum ns per entity.
    var goalInput: (workload: String, entities: Int, minimum: Double) { (workloadName, entities, nsPerEntity[0]) }

    /// The `--workload` name: the report name without its `ecs.`.
    var workloadName: String { String(name.dropFirst(name.hasPrefix("ecs.") ? 4 : 0)) }

    /// The JSON object of the row (`name`, `params`, `ns_per_entity`, `frames`, `work`,
    /// `bytes_per_frame`, `mb_per_s` at the median, `checksum` as `0x` and 16 hex digits).
    var jsonObject: [String: Any] {
        [
            "name": name, "params": ["entities": entities, "threads": threads],
            "ns_per_entity": ["p50": p50, "min": nsPerEntity[0], "max": nsPerEntity[nsPerEntity.count - 1]],
            "frames": work.frames,
            "work": ["updated": work.updated, "spawned": work.spawned, "destroyed": work.destroyed],
            "bytes_per_frame": bytesPerFrame, "mb_per_s": megabytesPerSecond,
            "checksum": checksum.hex,
        ]
    }

    /// Column titles of `cells`; the times are ns per entity, `MB/s` the frame's bytes at the
    /// median.
    static let headers = [
        "workload", "entities", "p50 ns", "min ns", "max ns", "MB/s", "frames", "updated", "spawned", "destroyed", "checksum",
    ]

    /// The row's cells under `headers`, the workload by its `--workload` name (without the
    /// `ecs.` of its report name), so that a row fits 120 columns.
    var cells: [String] {
        [workloadName, String(entities)]
            + [p50, nsPerEntity[0], nsPerEntity[nsPerEntity.count - 1]].map { String(format: "%.2f", $0) }
            + [String(format: "%.0f", megabytesPerSecond)]
            + [work.frames, work.updated, work.spawned, work.destroyed].map(String.init) + [checksum.hex]
    }
}
