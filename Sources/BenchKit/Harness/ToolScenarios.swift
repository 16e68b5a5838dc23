extension ScenarioRegistry {
    /// Benchmarks of `bench`'s own commands, run only when named with `--scenario`.
    package static let toolScenarios: [Entry] = [
        Entry("compare", capacity: .particles) { CompareWorkload(samples: $0.particles, seed: $0.seed) }
    ]
}
