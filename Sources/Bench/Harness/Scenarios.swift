extension ScenarioRegistry {
    /// Every scenario of `bench`; add one line per scenario.
    static let standard = ScenarioRegistry(entries: [
        Entry("calibration") { CalibrationWorkload(particles: $0.particles) },
    ])
}
