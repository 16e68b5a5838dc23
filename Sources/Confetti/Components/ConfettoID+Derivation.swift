extension ConfettoID {
    /// The identifier of the `spawnNumber`-th particle (0, 1, 2, … in creation order,
    /// continuing across respawns) of a run seeded with `seed`: the SplitMix64 output for
    /// state `seed + (spawnNumber + 1)·γ`.
    ///
    /// Identifiers repeat with the seed, and distinct spawn numbers never collide within a run
    /// because the SplitMix64 finaliser is a bijection.
    static func derived(seed: UInt64, spawnNumber: UInt64) -> ConfettoID {
        var z = seed &+ (spawnNumber &+ 1) &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return ConfettoID(z ^ (z >> 31))
    }
}
