extension ScenarioRegistry {
    /// Benchmarks of `bench`'s own commands, run only when named with `--scenario`.
    static let toolScenarios: [Entry] = [
        Entry("compare", scale: .particles) { CompareWorkload(samples: $0.particles, seed: $0.seed) }
    ]
}
