import Testing

@testable import Bench
@testable import BenchKit

/// Tests of the capacity search.
struct CapacityTests {
    /// Frame time 100 ns per particle: 16.67 ms fits 166,666 particles at 60 fps.
    private func cost(_ count: Int) -> Double { Double(count) * 100 }

    /// A scenario whose size follows no count is refused with the ones that can be searched.
    @Test func aFixedSizeScenarioHasNoCapacity() {
        #expect {
            try CapacityCommand<EcsBench>.parse(["--scenario", "host"])
        } throws: { error in
            let message = CapacityCommand<EcsBench>.message(for: error)
            return message.contains("--scenario host has a fixed size") && message.contains("confetti, render")
                && message.contains("audio.direct")
        }
        #expect((try? CapacityCommand<EcsBench>.parse(["--scenario", "audio.direct"])) != nil)
    }

    /// Finds the largest count within precision.
    @Test func findsTheLargestCountWithinPrecision() {
        let result = CapacitySearch(start: 1000).run(budgetNs: 1e9 / 60, frameNs: cost)
        #expect(result.converged)
        #expect(result.largest <= 166_666)
        #expect(Double(result.largest) >= 166_666 * 0.98)
        #expect(result.probes.count <= 30)
    }

    /// Stops at the maximum.
    @Test func stopsAtTheMaximum() {
        let result = CapacitySearch(start: 1000, maximum: 5000).run(budgetNs: 1e9 / 60, frameNs: cost)
        #expect(result.largest == 5000)
        #expect(result.converged)
    }

    /// Searches below the start.
    @Test func searchesBelowTheStart() {
        let result = CapacitySearch(start: 1_000_000).run(budgetNs: 1e9 / 60, frameNs: cost)
        #expect(result.converged)
        #expect(result.largest <= 166_666 && Double(result.largest) >= 166_666 * 0.98)
    }

    /// Nothing fits.
    @Test func nothingFits() {
        let result = CapacitySearch(start: 1).run(budgetNs: 10, frameNs: cost)
        #expect(result.largest == 0)
    }

    /// Probe limit bounds the search.
    @Test func probeLimitBoundsTheSearch() {
        let result = CapacitySearch(start: 1, maxProbes: 5).run(budgetNs: 1e9 / 60, frameNs: cost)
        #expect(result.probes.count == 5)
        #expect(!result.converged)
        #expect(result.largest == 16)
    }

    /// Time limit bounds the search.
    @Test func timeLimitBoundsTheSearch() {
        var now: UInt64 = 0
        let result = CapacitySearch(start: 1, timeLimitNs: 10).run(
            budgetNs: 1e9 / 60, clock: { now += 4; return now }, frameNs: cost)
        #expect(!result.converged)
        #expect(result.probes.count < 5)
    }

    /// Real workload cost grows with count.
    @Test func realWorkloadCostGrowsWithCount() {
        let sampler = Sampler(warmup: 1, frames: 5)
        let small = sampler.measure(CalibrationWorkload(particles: 10_000))
        let large = sampler.measure(CalibrationWorkload(particles: 1_000_000))
        #expect(Percentiles.median(large.cpuNs.map { Double($0) }) > Percentiles.median(small.cpuNs.map { Double($0) }))
    }
}
