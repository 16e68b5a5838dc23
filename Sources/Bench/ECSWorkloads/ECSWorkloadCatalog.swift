import ArgumentParser
import BenchKit

/// The standard ECS workloads of `bench ecs`, one entry each: its name, the entity counts it
/// runs at by default, the threads it runs on without `--threads`, and how to build it. The
/// default run's `ecs.*` scenarios are built from the same entries.
enum ECSWorkloadCatalog {
    /// One standard workload.
    struct Entry: Sendable {
        /// The name `bench ecs --workload` takes (`ecs.<name>` in the default run).
        let name: String
        /// Default entity counts: the ecs_bench_suite datasets plus the larger sizes the frame
        /// budgets are judged at.
        let counts: [Int]
        /// Threads without `--threads`: 2 for the workloads that exist to run in parallel.
        let threads: Int
        /// Builds the workload over `entities` entities on `threads` threads (where it runs in
        /// parallel).
        let make: @Sendable (_ entities: Int, _ threads: Int) throws -> any VerifiableWorkload
    }

    /// Every workload, in run order.
    static let entries: [Entry] = [
        Entry(name: "simple_insert", counts: [10_000], threads: 1) { entities, _ in
            try SimpleInsertWorkload(entities: entities, batched: false)
        },
        Entry(name: "simple_insert_batch", counts: [10_000], threads: 1) { entities, _ in
            try SimpleInsertWorkload(entities: entities, batched: true)
        },
        Entry(name: "simple_iter", counts: [10_000, 100_000, 1_000_000], threads: 1) { entities, _ in
            try SimpleIterWorkload(entities: entities)
        },
        Entry(name: "frag_iter", counts: [26 * 20], threads: 1) { entities, _ in
            try FragIterWorkload(entitiesPerType: max(1, entities / 26))
        },
        Entry(name: "heavy_compute", counts: [1_000], threads: 2) { entities, threads in
            try HeavyComputeWorkload(entities: entities, threads: threads)
        },
        Entry(name: "schedule", counts: [40_000], threads: 2) { entities, threads in
            try ScheduleWorkload(entities: entities, threads: threads)
        },
        Entry(name: "add_remove", counts: [10_000], threads: 1) { entities, _ in try AddRemoveWorkload(entities: entities) },
        Entry(name: "add_remove_sparse", counts: [10_000], threads: 1) { entities, _ in
            try AddRemoveWorkload(entities: entities, sparse: true)
        },
        Entry(name: "observe", counts: [10_000], threads: 1) { entities, _ in try ObserveWorkload(entities: entities) },
        Entry(name: "observe_c", counts: [10_000], threads: 1) { entities, _ in ObserveReferenceWorkload(entities: entities) },
        Entry(name: "observe_direct", counts: [10_000], threads: 1) { entities, _ in try ObserveDirectWorkload(entities: entities) },
        Entry(name: "hierarchy", counts: [100_000], threads: 1) { entities, _ in try HierarchyWorkload(entities: entities) },
        Entry(name: "hierarchy_c", counts: [100_000], threads: 1) { entities, _ in HierarchyReferenceWorkload(entities: entities) },
        // One thread by default: its one-thread form is the one the peer implementations run.
        Entry(name: "particle_update", counts: [100_000, 1_000_000], threads: 1) { entities, threads in
            try ParticleUpdateWorkload(entities: entities, threads: threads)
        },
        Entry(name: "added", counts: [1_000_000], threads: 1) { entities, _ in try AddedWorkload(entities: entities) },
        Entry(name: "serialize_binary", counts: [1_000], threads: 1) { entities, _ in
            try SerializeWorkload(entities: entities, encoding: .binary)
        },
        Entry(name: "serialize_text", counts: [1_000], threads: 1) { entities, _ in
            try SerializeWorkload(entities: entities, encoding: .json)
        },
    ]

    /// Workload names, in run order.
    static var names: [String] { entries.map(\.name) }

    /// The entry named `name`. Throws `ValidationError` listing the names for another.
    static func entry(_ name: String) throws -> Entry {
        guard let entry = entries.first(where: { $0.name == name }) else {
            throw ValidationError("unknown ECS workload '\(name)' (known: \(names.joined(separator: ", ")))")
        }
        return entry
    }

    /// Default entity counts of workload `name` (none for an unknown name).
    static func defaultCounts(_ name: String) -> [Int] { (try? entry(name))?.counts ?? [] }

    /// The threads workload `name` runs on when `bench ecs --threads` is absent.
    static func defaultThreads(_ name: String) -> Int { (try? entry(name))?.threads ?? 1 }

    /// Builds workload `name` over `entities` entities on `threads` threads.
    static func make(_ name: String, entities: Int, threads: Int) throws -> any VerifiableWorkload {
        try entry(name).make(entities, threads)
    }

    /// The default run's scenario `ecs.<name>`: over `--particles` entities when it scales
    /// with them, otherwise over `entities`; on `--threads` threads.
    static func scenario(_ name: String, entities: Int? = nil) -> Scenario {
        Scenario("ecs." + name, capacity: entities == nil ? .particles : nil) { settings in
            try ECSWorkloadCatalog.make(name, entities: entities ?? settings.particles, threads: settings.threads)
        }
    }
}
