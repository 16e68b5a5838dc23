import ECS
import Testing

@testable import Bench

/// Tests of `bench compare`.
struct CompareTests {
    /// Deterministic frame times around `center` ns with a few percent of spread.
    private func samples(center: Double, count: Int = 200, seed: UInt64) -> [UInt64] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            UInt64(center * (1 + Double.random(in: -0.03...0.03, using: &generator)))
        }
    }

    /// Identical distributions are not aregression.
    @Test func identicalDistributionsAreNotARegression() {
        let baseline = Fixtures.run([Fixtures.scenario(cpuNs: samples(center: 1e6, seed: 1))])
        let candidate = Fixtures.run([Fixtures.scenario(cpuNs: samples(center: 1e6, seed: 2))])
        let report = Comparator().compare(baseline: baseline, candidate: candidate)
        #expect(report.scenarios.count == 1)
        #expect(report.scenarios[0].outcome == .unchanged)
        #expect(report.exitStatus == .success)
    }

    /// Twice as slow is aregression.
    @Test func twiceAsSlowIsARegression() {
        let baseline = Fixtures.run([Fixtures.scenario(cpuNs: samples(center: 1e6, seed: 1))])
        let candidate = Fixtures.run([Fixtures.scenario(cpuNs: samples(center: 2e6, seed: 2))])
        let report = Comparator().compare(baseline: baseline, candidate: candidate)
        let row = report.scenarios[0]
        #expect(abs(row.baselineMedianMs - 1) < 0.03 && abs(row.candidateMedianMs - 2) < 0.06)
        #expect(row.outcome == .regression)
        #expect(abs(row.change - 1) < 0.05)
        #expect(row.changeLower > 0.9 && row.changeUpper < 1.1)
        #expect(row.pValue < 1e-10)
        #expect(report.exitStatus.rawValue == 2)
    }

    /// Twice as fast is an improvement.
    @Test func twiceAsFastIsAnImprovement() {
        let baseline = Fixtures.run([Fixtures.scenario(cpuNs: samples(center: 2e6, seed: 1))])
        let candidate = Fixtures.run([Fixtures.scenario(cpuNs: samples(center: 1e6, seed: 2))])
        let report = Comparator().compare(baseline: baseline, candidate: candidate)
        #expect(report.scenarios[0].outcome == .improvement)
        #expect(report.exitStatus == .success)
    }

    /// Significant change below the noise floor is not aregression.
    @Test func significantChangeBelowTheNoiseFloorIsNotARegression() {
        let baseline = Fixtures.run([Fixtures.scenario(cpuNs: samples(center: 1e6, count: 800, seed: 1))])
        let candidate = Fixtures.run([Fixtures.scenario(cpuNs: samples(center: 1.02e6, count: 800, seed: 2))])
        let row = Comparator().compare(baseline: baseline, candidate: candidate).scenarios[0]
        #expect(row.pValue < 0.01)
        #expect(row.outcome == .unchanged)
    }

    /// Scenarios match by name and params.
    @Test func scenariosMatchByNameAndParams() {
        let baseline = Fixtures.run([
            Fixtures.scenario(name: "a", cpuNs: samples(center: 1e6, seed: 1)),
            Fixtures.scenario(name: "b", cpuNs: samples(center: 1e6, seed: 1)),
        ])
        let candidate = Fixtures.run([
            Fixtures.scenario(name: "a", cpuNs: samples(center: 1e6, seed: 2)),
            Fixtures.scenario(name: "c", cpuNs: samples(center: 1e6, seed: 2)),
        ])
        let report = Comparator().compare(baseline: baseline, candidate: candidate)
        #expect(report.scenarios.map(\.name) == ["a"])
        #expect(report.unmatched == ["b", "c"])
    }
}
