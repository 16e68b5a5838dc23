/// Level-dependent rules of precision and pure: grid size and board seed.
///
/// The seeded generator is SplitMix64: the ECS's `SplitMix64`, which the tests compare with
/// a separate implementation of the algorithm.
public enum LevelRules {
    /// The XOR applied to pure mode's seeds.
    public static let pureSeedMask: UInt64 = 0x5555_5555_5555_5555

    /// The grid dimension of `level` in precision and pure: 4 up to level 15, then
    /// `min(12, 5 + (level − 16) / 7)`, so 16–22 are 5×5, 23–29 are 6×6 and 65 on are 12×12.
    /// - Throws: ``TileGameError/invalidLevel(_:)`` below 1.
    public static func gridDimension(forLevel level: Int) throws(TileGameError) -> Int {
        guard level >= 1 else { throw .invalidLevel(level) }
        return level <= 15 ? 4 : min(12, 5 + (level - 16) / 7)
    }

    /// The seed of a board: `level` in precision, `level ^ 0x5555…` in pure, and nil in casual,
    /// which is not seeded. The same seed starts both the corner and the shuffle generators.
    public static func seed(level: Int, mode: GameMode) -> UInt64? {
        switch mode {
        case .casual: return nil
        case .precision: return UInt64(truncatingIfNeeded: level)
        case .pure: return UInt64(truncatingIfNeeded: level) ^ pureSeedMask
        }
    }
}
