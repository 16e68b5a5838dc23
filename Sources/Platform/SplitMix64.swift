/// SplitMix64: a fast 64-bit generator with a single word of state (the generator of the
/// Sortue tile puzzle). The seed is used as given, zero included.
///
/// Per-entity streams: ``stream(_:)`` derives an independent generator for any stream number
/// (an entity index, a chunk number) from this generator's seed, without advancing it, so
/// systems that draw per entity stay deterministic however the work is split across threads.
public struct SplitMix64: RandomNumberGenerator, Sendable, Equatable {
    /// The current state.
    public var state: UInt64

    /// A generator starting at `seed`.
    @inlinable
    public init(seed: UInt64) { state = seed }

    /// The next 64 random bits.
    @inlinable
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        return Self.mix(state)
    }

    /// The generator `draws` calls of ``next()`` ahead of this one, in one step: the state
    /// advances by a constant per draw, so the `k`-th draw of a stream can be made on any
    /// thread without the draws before it.
    @inlinable
    public func advanced(by draws: Int) -> SplitMix64 {
        SplitMix64(seed: state &+ UInt64(truncatingIfNeeded: draws) &* 0x9E37_79B9_7F4A_7C15)
    }

    /// The SplitMix64 output function.
    @inlinable
    public static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// An independent generator for stream `number`, seeded with `mix(state ^ mix(number))`.
    @inlinable
    public func stream(_ number: UInt64) -> SplitMix64 {
        SplitMix64(seed: Self.mix(state ^ Self.mix(number &+ 0x9E37_79B9_7F4A_7C15)))
    }
}
