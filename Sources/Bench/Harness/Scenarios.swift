extension ScenarioRegistry {
    /// Every scenario of `bench`; add one line per scenario.
    static let standard = ScenarioRegistry(entries: [
        Entry("confetti", scale: .particles) { try ConfettiWorkload(particles: $0.particles, seed: $0.seed, threads: $0.threads) },
        Entry("cache") { try RenderCacheWorkload(seed: $0.seed) },
        Entry("cache.read") { try CacheReadWorkload(seed: $0.seed) },
        Entry("render", scale: .particles) { try RenderWorkload(particles: $0.particles, seed: $0.seed, threads: $0.threads) },
        Entry("tiles") {
            try TilesWorkload(boards: $0.boards ?? TilesWorkload.defaultBoards, grid: $0.grid ?? TilesWorkload.defaultGrid, seed: $0.seed)
        },
        Entry("audio", scale: .voices) { try AudioWorkload(settings: $0.audio ?? AudioSettings(), seed: $0.seed, threads: $0.threads) },
        Entry("audio.resampled", scale: .voices) {
            try AudioWorkload(name: "audio.resampled", settings: ($0.audio ?? AudioSettings()).resampled, seed: $0.seed, threads: $0.threads)
        },
        Entry("calibration", scale: .particles) { CalibrationWorkload(particles: $0.particles) },
        Entry("ecs.simple_iter", scale: .particles) { try SimpleIterWorkload(entities: $0.particles) },
        Entry("ecs.particle_update", scale: .particles) { try ParticleUpdateWorkload(entities: $0.particles, threads: $0.threads) },
        Entry("ecs.add_remove") { _ in try AddRemoveWorkload(entities: 10_000) },
        Entry("ecs.add_remove_sparse") { _ in try AddRemoveWorkload(entities: 10_000, sparse: true) },
        Entry("ecs.simple_insert") { _ in try SimpleInsertWorkload(entities: 10_000, batched: false) },
        Entry("ecs.schedule") { try ScheduleWorkload(entities: 40_000, threads: $0.threads) },
        Entry("ecs.schedule_app") { try AppScheduleWorkload(entities: 40_000, threads: $0.threads, scheduled: true) },
        Entry("ecs.schedule_loop") { try AppScheduleWorkload(entities: 40_000, threads: $0.threads, scheduled: false) },
        Entry("host") { _ in try HostWorkload() },
        Entry("game") { try GameWorkload(seed: $0.seed, threads: $0.threads) },
    ], onDemand: [
        Entry("audio.direct", scale: .voices) {
            try AudioWorkload(name: "audio.direct", settings: $0.audio ?? AudioSettings(), seed: $0.seed, threads: $0.threads, scheduled: false)
        },
        Entry("tiles.direct") {
            try TilesWorkload(boards: $0.boards ?? TilesWorkload.defaultBoards, grid: $0.grid ?? TilesWorkload.defaultGrid, seed: $0.seed, scheduled: false)
        },
        Entry("confetti.direct", scale: .particles) { try ConfettiWorkload(particles: $0.particles, seed: $0.seed, threads: $0.threads, scheduled: false) },
        Entry("tiles.minmoves") { TilesMinMovesWorkload(seed: $0.seed) },
        Entry("audio.decode") { _ in try AudioDecodeWorkload() },
        Entry("host.remote", runsTasksOnEventLoops: true) { _ in try RemoteHostWorkload(name: "host.remote", actionsPerClient: 250) },
        Entry("host.remote.load", runsTasksOnEventLoops: true) { _ in try RemoteHostWorkload(name: "host.remote.load", actionsPerClient: 10_000) },
    ] + toolScenarios)
}
