import Testing
import Systems

@Suite("Monotonic time ports")
struct MonotonicTimeTests {
    @Test("the virtual clock moves only when advanced, never backward, and saturates")
    func virtualClock() {
        let clock = VirtualMonotonicTime(start: 5)
        #expect(clock.now() == 5)
        clock.advance(byNanoseconds: 1_000)
        #expect(clock.now() == 1_005)
        clock.advance(bySeconds: 0.25)
        #expect(clock.now() == 250_001_005)
        for ignored in [-1.0, .nan, 0] { clock.advance(bySeconds: ignored) }
        #expect(clock.now() == 250_001_005)
        clock.advance(bySeconds: .infinity)
        #expect(clock.now() == .max)
        clock.advance(byNanoseconds: 10)
        #expect(clock.now() == .max)
    }

    @Test("the system clock starts near 0 and never decreases")
    func systemClock() {
        let clock = SystemMonotonicTime()
        var previous = clock.now()
        #expect(previous < 1_000_000_000)
        for _ in 0..<1000 {
            let reading = clock.now()
            #expect(reading >= previous)
            previous = reading
        }
    }
}
