import ECS

/// The random state of a run: the generator, the colour source and the spawn counter that
/// numbers particles for their identifiers. Seek restores a copy taken after the initial
/// particles, so a replay draws the same respawns.
struct ConfettiRun {
    /// Seed of the run, for identifiers.
    let seed: UInt64
    /// The run's generator.
    var generator: ConfettiLCG
    /// The run's colour source (it may keep state between draws).
    var colorSource: any ConfettiColorSource
    /// Creates particles for the run's canvas.
    let spawner: ConfettiSpawner
    /// Particles created so far.
    var spawnCount: UInt64 = 0

    /// Draws the next particle.
    mutating func makeParticle() -> (ConfettoTraits, ConfettoState) {
        defer { spawnCount += 1 }
        return spawner.make(
            id: ConfettoID.derived(seed: seed, spawnNumber: spawnCount).value,
            colorSource: &colorSource,
            using: &generator
        )
    }
}
