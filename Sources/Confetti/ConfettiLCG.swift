/// A 64-bit linear congruential generator:
/// `state = 6364136223846793005 &* state &+ 1`, returning the new state. A seed of 0 is
/// replaced by `0xDEADBEEFCAFEBABE`.
///
/// With the standard library's `random(in:using:)`, which is the same on every platform, a
/// seed gives the same streams bit for bit everywhere.
public struct ConfettiLCG: RandomNumberGenerator, Sendable, Equatable {
    /// The current state.
    public var state: UInt64

    /// A generator starting at `seed` (0 maps to `0xDEADBEEFCAFEBABE`).
    @inlinable
    public init(seed: UInt64) {
        state = seed == 0 ? 0xDEAD_BEEF_CAFE_BABE : seed
    }

    /// The next 64 bits.
    @inlinable
    public mutating func next() -> UInt64 {
        state = 6_364_136_223_846_793_005 &* state &+ 1
        return state
    }
}
