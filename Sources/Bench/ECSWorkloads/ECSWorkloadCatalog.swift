import BenchKit
import ArgumentParser

/// The standard ECS workloads of `bench ecs` and the entity counts each runs at by default.
enum ECSWorkloadCatalog {
    /// Workload names, in run order.
    static let names = [
        "simple_insert", "simple_insert_batch", "simple_iter", "frag_iter", "heavy_compute",
        "schedule", "add_remove", "add_remove_sparse", "particle_update",
    ]

    /// Default entity counts per workload (the ecs_bench_suite datasets plus the larger sizes
    /// the frame budgets are judged at).
    static func defaultCounts(_ name: String) -> [Int] {
        switch name {
        case "simple_iter": [10_000, 100_000, 1_000_000]
        case "frag_iter": [26 * 20]
        case "heavy_compute": [1_000]
        case "schedule": [40_000]
        case "particle_update": [100_000, 1_000_000]
        default: [10_000]
        }
    }

    /// The threads workload `name` runs on when `bench ecs --threads` is absent: 2 for
    /// `heavy_compute` and `schedule`, to run them in parallel; 1 for the others, among them
    /// `particle_update`, whose one-thread form is the one the peer implementations run.
    static func defaultThreads(_ name: String) -> Int {
        ["heavy_compute", "schedule"].contains(name) ? 2 : 1
    }

    /// Builds workload `name` over `entities` entities, on `threads` threads where it runs in
    /// parallel (`heavy_compute`, `schedule`, `particle_update`).
    static func make(_ name: String, entities: Int, threads: Int) throws -> any VerifiableWorkload {
        switch name {
        case "simple_insert": try SimpleInsertWorkload(entities: entities, batched: false)
        case "simple_insert_batch": try SimpleInsertWorkload(entities: entities, batched: true)
        case "simple_iter": try SimpleIterWorkload(entities: entities)
        case "frag_iter": try FragIterWorkload(entitiesPerType: max(1, entities / 26))
        case "heavy_compute": try HeavyComputeWorkload(entities: entities, threads: threads)
        case "schedule": try ScheduleWorkload(entities: entities, threads: threads)
        case "add_remove": try AddRemoveWorkload(entities: entities)
        case "add_remove_sparse": try AddRemoveWorkload(entities: entities, sparse: true)
        case "particle_update": try ParticleUpdateWorkload(entities: entities, threads: threads)
        default: throw ValidationError("unknown ECS workload '\(name)' (known: \(names.joined(separator: ", ")))")
        }
    }
}
