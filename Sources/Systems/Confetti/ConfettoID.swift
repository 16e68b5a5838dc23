/// Deterministic particle identifiers.
///
/// The original gives each particle an unseeded `UUID()`, so identifiers differ on every run.
/// Here an identifier is the SplitMix64 output for the run's seed and the particle's spawn
/// number (0, 1, 2, … in creation order, continuing across respawns), so the same seed gives
/// the same identifiers and distinct spawn numbers never collide within a run.
enum ConfettoID {
    /// The identifier of the `spawnNumber`-th particle created in a run seeded with `seed`.
    static func make(seed: UInt64, spawnNumber: UInt64) -> UInt64 {
        var z = seed &+ (spawnNumber &+ 1) &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
