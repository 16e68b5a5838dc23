import Testing
import ECS

@Suite struct FixedTimestepTests {
    @Test func exactStepCountsWithEpsilon() throws {
        var clock = try FixedTimestep()
        #expect(clock.advance(by: 1.0 / 60) == 1)
        #expect(clock.advance(by: 1.0 / 120) == 0)
        #expect(clock.advance(by: 1.0 / 120) == 1)
    }

    @Test func largeDeltaIsClampedAndCappedAtFiveSteps() throws {
        var clock = try FixedTimestep()
        #expect(clock.advance(by: 10) == 5)
        #expect(clock.accumulator == 0)
        var exact = try FixedTimestep(step: 0.05)
        #expect(exact.advance(by: 0.25) == 5)
        #expect(abs(exact.accumulator) < 1e-9)
    }

    @Test func nanInfiniteAndNegativeDeltasCountAsZero() throws {
        var clock = try FixedTimestep()
        #expect(clock.advance(by: .nan) == 0)
        #expect(clock.advance(by: .infinity) == 0)
        #expect(clock.advance(by: -.infinity) == 0)
        #expect(clock.advance(by: -1) == 0)
        #expect(clock.accumulator == 0)
    }

    @Test func invalidConfigurationsAreRejected() {
        #expect(throws: ECSError.self) { try FixedTimestep(step: 0) }
        #expect(throws: ECSError.self) { try FixedTimestep(step: .nan) }
        #expect(throws: ECSError.self) { try FixedTimestep(maxFrameDelta: -1) }
        #expect(throws: ECSError.self) { try FixedTimestep(maxStepsPerTick: 0) }
    }
}
