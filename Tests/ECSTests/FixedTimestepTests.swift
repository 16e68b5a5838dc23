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

@Suite struct FixedTimestepEdgeTests {
    @Test func stepsAtOrBelowTheEpsilonAreRejectedNotTrapped() {
        for step in [1e-300, .leastNonzeroMagnitude, FixedTimestep.epsilon, -1, .infinity] {
            let error = #expect(throws: ECSError.self, "\(step)") { try FixedTimestep(step: step) }
            #expect(error?.code == .invalidArgument)
            #expect(error?.message.contains("\(step)") == true)
        }
    }

    @Test func hugeOwedCountsAreCappedNotTrapped() throws {
        var clock = try FixedTimestep(step: 2e-6, maxFrameDelta: .greatestFiniteMagnitude, maxStepsPerTick: .max)
        #expect(clock.advance(by: .greatestFiniteMagnitude) == .max)
        #expect(clock.accumulator == 0)
        #expect(clock.advance(by: 1e-7) == 0)
        var capped = try FixedTimestep(step: 2e-6, maxFrameDelta: 1e300)
        #expect(capped.advance(by: 1e300) == 5)
        #expect(capped.accumulator == 0)
    }
}
