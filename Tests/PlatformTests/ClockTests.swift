import Testing
import Platform

@Suite("Clocks: the one time source, manual and monotonic")
/// The manual clock that tests move and the system's monotonic clock, read as a duration, in
/// seconds and in nanoseconds.
struct ClockTests {
    @Test("the manual clock moves only when advanced, in whole nanoseconds, never backward, and saturates")
    func manualClock() {
        let clock = ManualClock(start: 2)
        #expect(clock.now == .seconds(2))
        clock.advance(by: 0.5)
        #expect(clock.seconds == 2.5)
        clock.advance(by: .nanoseconds(1_005))
        #expect(clock.nanoseconds == 2_500_001_005)
        for ignored in [-1.0, .nan, 0] { clock.advance(by: ignored) }
        clock.advance(by: .seconds(-3))
        clock.set(to: 1)
        #expect(clock.nanoseconds == 2_500_001_005)
        clock.set(to: 7)
        #expect(clock.seconds == 7)
        clock.advance(by: .infinity)
        #expect(clock.now == .nanoseconds(Int64.max))
        clock.advance(by: .seconds(1))
        #expect(clock.now == .nanoseconds(Int64.max))
        #expect(ManualClock(start: -4).now == .zero)
    }

    @Test("a thousand steps of a sixtieth of a second land on a whole number of nanoseconds")
    func manualClockDoesNotDrift() {
        let clock = ManualClock()
        for _ in 0..<1_000 { clock.advance(by: 1.0 / 60) }
        #expect(clock.nanoseconds == 1_000 * 16_666_667)
    }

    @Test("the manual clock is advanced from many threads without losing a step")
    func manualClockAcrossThreads() async {
        let clock = ManualClock()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { for _ in 0..<1_000 { clock.advance(by: .nanoseconds(1)) } }
            }
        }
        #expect(clock.nanoseconds == 8_000)
    }

    @Test("the monotonic clock starts near 0 and never decreases")
    func monotonicClock() {
        let clock = MonotonicClock()
        var previous = clock.now
        #expect(previous < .seconds(1))
        #expect(previous >= .zero)
        for _ in 0..<1000 {
            let reading = clock.now
            #expect(reading >= previous)
            previous = reading
        }
        #expect(clock.seconds >= 0 && clock.nanoseconds > 0)
    }
}
