import Testing
import Platform

@Suite struct SplitMix64Tests {
    @Test func splitMix64MatchesTheReferenceSequence() {
        // Reference: the published SplitMix64 (Vigna) with seed 0 and seed 1234567.
        var zero = SplitMix64(seed: 0)
        #expect(zero.next() == 0xE220_A839_7B1D_CDAF)
        #expect(zero.next() == 0x6E78_9E6A_A1B9_65F4)
        var seeded = SplitMix64(seed: 1_234_567)
        #expect(seeded.next() == 6_457_827_717_110_365_317)
        #expect(seeded.next() == 3_203_168_211_198_807_973)
    }

    /// A generator advanced by `n` draws is the one that made `n` draws, for every `n` up to
    /// 1,000 and for a count past 2^32 (where a 32-bit multiply would wrap).
    @Test func advancingEqualsDrawing() {
        var drawn = SplitMix64(seed: 99)
        for n in 0...1_000 {
            #expect(SplitMix64(seed: 99).advanced(by: n) == drawn, "\(n)")
            _ = drawn.next()
        }
        let far = (1 << 32) + 5
        #expect(SplitMix64(seed: 3).advanced(by: far).advanced(by: 7) == SplitMix64(seed: 3).advanced(by: far + 7))
        #expect(SplitMix64(seed: 3).advanced(by: far).state == 3 &+ UInt64(far) &* 0x9E37_79B9_7F4A_7C15)
    }

    @Test func streamsAreDeterministicAndIndependent() {
        let base = SplitMix64(seed: 42)
        var a = base.stream(7)
        var b = base.stream(7)
        var c = base.stream(8)
        let first = a.next()
        #expect(first == b.next())
        #expect(first != c.next())
    }
}
