import Testing

@testable import Harmonia

/// Times on the screen.
struct ClockTextTests {
    @Test func minutesThenHours() {
        #expect(ClockText.format(0) == "0:00")
        #expect(ClockText.format(5.99) == "0:05")
        #expect(ClockText.format(65) == "1:05")
        #expect(ClockText.format(3599) == "59:59")
        #expect(ClockText.format(3600) == "1:00:00")
        #expect(ClockText.format(36_061) == "10:01:01")
    }

    @Test func badTimesShowAsZero() {
        #expect(ClockText.format(-3) == "0:00")
        #expect(ClockText.format(.nan) == "0:00")
        #expect(ClockText.format(.infinity) == "0:00")
        #expect(ClockText.format(1e300) == "99:59:59")
    }
}
