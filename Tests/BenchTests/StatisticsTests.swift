import ECS
import Testing

@testable import Bench
@testable import BenchKit

/// Reference values from NumPy 2 and SciPy 1.17.1, computed with
/// `python3 -c "import numpy as np; print([np.percentile(a, p) for p in (0, 50, 95, 99, 100)])"`
/// and `python3 -c "from scipy.stats import mannwhitneyu; print(mannwhitneyu(x, y, alternative='two-sided'))"`.
struct StatisticsTests {
    /// Percentiles interpolate between closest ranks.
    @Test func percentilesInterpolateBetweenClosestRanks() {
        let values = (1...10).map { Double($0) }
        #expect(Percentiles.percentile(sorted: values, 0) == 1)
        #expect(Percentiles.percentile(sorted: values, 50) == 5.5)
        #expect(abs(Percentiles.percentile(sorted: values, 95) - 9.55) < 1e-12)
        #expect(abs(Percentiles.percentile(sorted: values, 99) - 9.91) < 1e-12)
        #expect(Percentiles.percentile(sorted: values, 100) == 10)
    }

    /// Percentiles of an odd sample.
    @Test func percentilesOfAnOddSample() {
        let values: [Double] = [15, 20, 35, 40, 50]
        #expect(Percentiles.percentile(sorted: values, 50) == 35)
        #expect(abs(Percentiles.percentile(sorted: values, 95) - 48) < 1e-12)
        #expect(abs(Percentiles.percentile(sorted: values, 99) - 49.6) < 1e-12)
        #expect(Percentiles.percentile(sorted: [7], 99) == 7)
    }

    /// Median and median absolute deviation.
    @Test func medianAndMedianAbsoluteDeviation() {
        #expect(Percentiles.median([9, 1, 4, 2, 6, 2, 1]) == 2)
        #expect(Percentiles.median([4, 1, 3, 2]) == 2.5)
        #expect(Percentiles.medianAbsoluteDeviation([1, 1, 2, 2, 4, 6, 9]) == 1)
    }

    /// Frame time summary converts to milliseconds.
    @Test func frameTimeSummaryConvertsToMilliseconds() {
        let summary = FrameTimeSummary(nanoseconds: (1...10).map { UInt64($0) * 1_000_000 })
        #expect(summary.p50 == 5.5)
        #expect(abs(summary.p99 - 9.91) < 1e-9)
        #expect(summary.max == 10)
    }

    /// Mann whitney asymptotic with ties.
    @Test func mannWhitneyAsymptoticWithTies() {
        let test = MannWhitneyU(
            [1.1, 2.2, 3.3, 4.4, 5.5, 6.6, 7.7, 8.8, 9.9, 10.0],
            [3.3, 4.4, 11, 12, 13, 14, 15, 16, 17, 18])
        #expect(test.method == .asymptotic)
        #expect(test.u == 14)
        #expect(abs(test.pValue - 0.007240669524924551) < 1e-12)
    }

    /// Mann whitney asymptotic without ties.
    @Test func mannWhitneyAsymptoticWithoutTies() {
        let x = (0..<12).map { Double($0 * 3 % 23) + 0.5 }
        let y = (0..<15).map { Double($0 * 5 % 29) + 1.25 }
        let test = MannWhitneyU(x, y)
        #expect(test.method == .asymptotic)
        #expect(test.u == 68)
        #expect(abs(test.pValue - 0.2941355115409753) < 1e-12)
    }

    /// Mann whitney exact small samples.
    @Test func mannWhitneyExactSmallSamples() {
        let separated = MannWhitneyU([1, 2, 3, 4, 5], [6, 7, 8, 9, 10, 11])
        #expect(separated.method == .exact)
        #expect(separated.u == 0)
        #expect(abs(separated.pValue - 0.004329004329004329) < 1e-12)
        let mixed = MannWhitneyU([1.5, 3.2, 7.1, 4.4], [2.0, 5.5, 6.3, 8.8, 9.1])
        #expect(mixed.u == 5)
        #expect(abs(mixed.pValue - 0.2857142857142857) < 1e-12)
    }

    /// Mann whitney of identical samples is not significant.
    @Test func mannWhitneyOfIdenticalSamplesIsNotSignificant() {
        let sample = (0..<50).map { Double($0 % 7) }
        #expect(MannWhitneyU(sample, sample).pValue > 0.99)
    }

    /// Bootstrap is deterministic and brackets the change.
    @Test func bootstrapIsDeterministicAndBracketsTheChange() {
        let baseline = (0..<200).map { 100 + Double($0 % 13) }
        let candidate = baseline.map { $0 * 1.5 }
        let first = HierarchicalBootstrap(before: [QuantileResampler(baseline, percentile: 50)], after: [QuantileResampler(candidate, percentile: 50)], seed: 7)
        let second = HierarchicalBootstrap(before: [QuantileResampler(baseline, percentile: 50)], after: [QuantileResampler(candidate, percentile: 50)], seed: 7)
        #expect(first == second)
        #expect(abs(first.change - 0.5) < 1e-12)
        #expect(first.lower <= first.change && first.change <= first.upper)
        #expect(first.lower > 0.4 && first.upper < 0.6)
    }

    /// Split mix 64matches its reference sequence.
    @Test func splitMix64MatchesItsReferenceSequence() {
        // First outputs for seed 0 from the reference C implementation (Vigna, splitmix64.c).
        var generator = SplitMix64(seed: 0)
        #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
        #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
    }
}
