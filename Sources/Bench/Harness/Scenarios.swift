import BenchKit
import HostScenarios

extension ScenarioRegistry {
    /// Every scenario of `bench`; add one line per scenario.
    static let standard = ScenarioRegistry(
        [
            Entry("confetti", capacity: .particles) {
                try ConfettiWorkload(
                    particles: $0.particles, seed: $0.seed, threads: $0.threads, kernels: KernelOption.kernels($0))
            },
            Entry("cache") { try RenderCacheWorkload(seed: $0.seed, kernels: KernelOption.kernels($0)) },
            Entry("cache.read") { try CacheReadWorkload(seed: $0.seed, kernels: KernelOption.kernels($0)) },
            Entry("render", capacity: .particles) {
                try RenderWorkload(
                    particles: $0.particles, seed: $0.seed, threads: $0.threads, kernels: KernelOption.kernels($0))
            },
            tiles("tiles", scheduled: true),
            audio("audio", resampled: false, scheduled: true),
            audio("audio.resampled", resampled: true, scheduled: true),
            Entry("calibration", capacity: .particles) { CalibrationWorkload(particles: $0.particles) },
            ECSWorkloadCatalog.scenario("simple_iter"),
            ECSWorkloadCatalog.scenario("particle_update"),
            ECSWorkloadCatalog.scenario("add_remove", entities: 10_000),
            ECSWorkloadCatalog.scenario("add_remove_sparse", entities: 10_000),
            ECSWorkloadCatalog.scenario("observe", entities: 10_000),
            ECSWorkloadCatalog.scenario("hierarchy", entities: 100_000),
            ECSWorkloadCatalog.scenario("simple_insert", entities: 10_000),
            ECSWorkloadCatalog.scenario("schedule", entities: 40_000),
            ECSWorkloadCatalog.scenario("serialize_binary", entities: 1_000),
            ECSWorkloadCatalog.scenario("serialize_text", entities: 1_000),
            ECSWorkloadCatalog.scenario("added", entities: 1_000_000),
            Entry("ecs.schedule_app") { try AppScheduleWorkload(entities: 40_000, threads: $0.threads, scheduled: true) },
            Entry("ecs.schedule_loop") {
                try AppScheduleWorkload(entities: 40_000, threads: $0.threads, scheduled: false)
            },
            Entry("host") { _ in try HostWorkload() },
            Entry("game") { try GameWorkload(seed: $0.seed, threads: $0.threads, kernels: KernelOption.kernels($0)) },
        ],
        onDemand: [
            audio("audio.direct", resampled: false, scheduled: false),
            tiles("tiles.direct", scheduled: false),
            Entry("confetti.direct", capacity: .particles) {
                try ConfettiWorkload(
                    particles: $0.particles, seed: $0.seed, threads: $0.threads, scheduled: false,
                    kernels: KernelOption.kernels($0))
            },
            Entry("tiles.minmoves") { TilesMinMovesWorkload(seed: $0.seed) },
            Entry("confetti.launch", capacity: .particles) {
                try ConfettiLaunchWorkload(particles: $0.particles, seed: $0.seed, kernels: KernelOption.kernels($0))
            },
            Entry("audio.decode") { _ in try AudioDecodeWorkload() },
            Entry(
                "audio.device", options: AudioOptions.deviceOptions, capacity: AudioOptions.deviceCapacity,
                validate: AudioOptions.validate
            ) { settings in
                try AudioDeviceWorkload(
                    settings: AudioOptions.settings(settings), seconds: settings.integer("seconds") ?? AudioDeviceWorkload.defaultSeconds,
                    device: settings.text("alsa-device"), seed: settings.seed, threads: settings.threads,
                    kernels: KernelOption.kernels(settings))
            },
        ] + toolScenarios,
        options: [KernelOption.option],
        validate: KernelOption.validate)

    /// A tile puzzle scenario: `--boards` boards of `--grid` squares, through the app's schedule
    /// or called directly.
    private static func tiles(_ name: String, scheduled: Bool) -> Entry {
        Entry(name, options: TilesWorkload.options) { settings -> any Workload in
            let boards = settings.integer("boards") ?? TilesWorkload.defaultBoards
            let grid = settings.integer("grid") ?? TilesWorkload.defaultGrid
            return try TilesWorkload(boards: boards, grid: grid, seed: settings.seed, scheduled: scheduled)
        }
    }

    /// An audio scenario with the audio options: synthesised sources at the output rate (or
    /// `--source-rate`), or resampled from 44.1 kHz; through the app's schedule or called
    /// directly.
    private static func audio(_ name: String, resampled: Bool, scheduled: Bool) -> Entry {
        let transform: @Sendable (AudioSettings) -> AudioSettings = { audio in resampled ? audio.resampled : audio }
        return Entry(
            name, options: AudioOptions.options, capacity: AudioOptions.capacity(transform),
            validate: AudioOptions.validate
        ) { settings -> any Workload in
            let audio = transform(AudioOptions.settings(settings))
            return try AudioWorkload(
                name: name, settings: audio, seed: settings.seed, threads: settings.threads, scheduled: scheduled,
                kernels: KernelOption.kernels(settings))
        }
    }
}
