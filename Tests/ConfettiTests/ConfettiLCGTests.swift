import Testing
import Confetti

@Suite struct ConfettiLCGTests {
    @Test func confettiLCGFollowsItsRecurrenceAndMapsSeedZero() {
        var lcg = ConfettiLCG(seed: 1)
        #expect(lcg.next() == 6_364_136_223_846_793_005 &* 1 &+ 1)
        #expect(ConfettiLCG(seed: 0).state == 0xDEAD_BEEF_CAFE_BABE)
        var a = ConfettiLCG(seed: 12345)
        var b = ConfettiLCG(seed: 12345)
        #expect(Double.random(in: 0..<1, using: &a) == Double.random(in: 0..<1, using: &b))
    }
}
