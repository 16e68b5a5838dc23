import ECS
import Foundation
import Testing

@testable import Bench
@testable import BenchKit

/// The fast Mann-Whitney U and the order-statistic bootstrap against naive references.
struct StatisticsParityTests {
    /// U by counting pairs: 1 for each pair where the first value is larger, 1/2 for a tie.
    private func naiveU(_ x: [Double], _ y: [Double]) -> Double {
        x.reduce(0) { total, a in total + y.reduce(0) { $0 + (a > $1 ? 1 : a == $1 ? 0.5 : 0) } }
    }

    /// The two-sided p-value: the normal approximation with tie and continuity correction,
    /// ties counted value by value, or the exact tail by enumerating every split of the pooled
    /// ranks when both samples are small and untied.
    private func naivePValue(_ x: [Double], _ y: [Double]) -> Double {
        let pooled = x + y
        let groups = Dictionary(grouping: pooled, by: { $0 }).values.map { Double($0.count) }
        let tieTerm = groups.reduce(0) { $0 + $1 * $1 * $1 - $1 }
        let n1 = Double(x.count), n2 = Double(y.count), n = n1 + n2
        let u = naiveU(x, y)
        let larger = max(u, n1 * n2 - u)
        if (x.count > 8 && y.count > 8) || tieTerm > 0 {
            let sigma = (n1 * n2 / 12 * ((n + 1) - tieTerm / (n * (n - 1)))).squareRoot()
            guard sigma > 0 else { return 1 }
            return min(1, erfc((larger - n1 * n2 / 2 - 0.5) / sigma / 2.0.squareRoot()))
        }
        var atLeast = 0
        var total = 0
        for mask in 0..<(1 << pooled.count) where mask.nonzeroBitCount == x.count {
            let ranks = (0..<pooled.count).filter { mask & (1 << $0) != 0 }.map { Double($0 + 1) }
            let splitU = ranks.reduce(0, +) - n1 * (n1 + 1) / 2
            total += 1
            if splitU >= larger { atLeast += 1 }
        }
        return min(1, 2 * Double(atLeast) / Double(total))
    }

    /// `count` values from `levels` distinct levels (few levels force ties).
    private func sample(_ count: Int, levels: Int, shift: Int, using generator: inout SplitMix64) -> [Double] {
        (0..<count).map { _ in Double(Int.random(in: 0..<levels, using: &generator) + shift) * 0.5 }
    }

    /// On 300 random pairs of samples (1 to 30 values, with and without ties) U and the
    /// p-value equal the pair-counting reference.
    @Test func mannWhitneyMatchesTheNaiveReference() {
        var generator = SplitMix64(seed: 2024)
        var exactCases = 0
        for round in 0..<300 {
            let small = round % 3 == 0
            let m = Int.random(in: 1...(small ? 6 : 30), using: &generator)
            let n = Int.random(in: 1...(small ? 6 : 30), using: &generator)
            let levels = small ? 1000 : Int.random(in: 2...12, using: &generator)
            let x = sample(m, levels: levels, shift: 0, using: &generator)
            let y = sample(n, levels: levels, shift: Int.random(in: 0...3, using: &generator), using: &generator)
            let fast = MannWhitneyU(x, y)
            #expect(fast.u == naiveU(x, y), "u of \(x) vs \(y)")
            #expect(abs(fast.pValue - naivePValue(x, y)) < 1e-12, "p of \(x) vs \(y)")
            if fast.method == .exact { exactCases += 1 }
        }
        #expect(exactCases > 20)
    }

    /// Ranks of tied values straddling both samples are mid-ranks.
    @Test func pooledRankingUsesMidRanks() {
        // Pooled sorted: 1(x) 2(x) 2(y) 2(y) 5(x) 7(y): ranks 1, 3, 3, 3, 5, 6.
        let ranking = PooledRanking(sorted: [1, 2, 5], [2, 2, 7])
        #expect(ranking.firstRankSum == 1 + 3 + 5)
        #expect(ranking.tieTerm == 27 - 3)
    }

    /// For an odd sample the resampled median is an order statistic, so its distribution is
    /// known exactly: P(median <= x_j) = P(Binomial(n, j/n) >= (n+1)/2).
    @Test func resampledMedianOfAnOddSampleFollowsTheBinomialLaw() {
        let values = (1...11).map { Double($0 * $0) }
        let resampler = QuantileResampler(values.shuffled(), percentile: 50)
        var generator = SplitMix64(seed: 5)
        let draws = 40_000
        var counts = [Int](repeating: 0, count: values.count)
        for _ in 0..<draws {
            let median = resampler.draw(using: &generator)
            counts[values.firstIndex(of: median)!] += 1
        }
        var cumulative = 0
        for j in 1...values.count {
            cumulative += counts[j - 1]
            let p = Double(j) / 11
            let exact = (6...11).reduce(0.0) { total, k in
                total + binomial(11, k) * pow(p, Double(k)) * pow(1 - p, Double(11 - k))
            }
            #expect(abs(Double(cumulative) / Double(draws) - exact) < 0.01, "P(median <= x\(j))")
        }
    }

    /// For an even sample the resampled median (mean of the two middle values) has the
    /// distribution of naive resampling: drawing n values with replacement and sorting.
    @Test func resampledMedianOfAnEvenSampleMatchesNaiveResampling() {
        let values: [Double] = [3, 8, 8, 10, 15, 21, 22, 30, 41, 60]
        let resampler = QuantileResampler(values, percentile: 50)
        var fastGenerator = SplitMix64(seed: 11)
        var naiveGenerator = SplitMix64(seed: 12)
        let draws = 40_000
        let fast = (0..<draws).map { _ in resampler.draw(using: &fastGenerator) }.sorted()
        let naive = (0..<draws).map { _ in
            Percentiles.median((0..<values.count).map { _ in values.randomElement(using: &naiveGenerator)! })
        }.sorted()
        for threshold in stride(from: 5.0, through: 45, by: 2.5) {
            let fastShare = Double(fast.partitionPoint { $0 > threshold }) / Double(draws)
            let naiveShare = Double(naive.partitionPoint { $0 > threshold }) / Double(draws)
            #expect(abs(fastShare - naiveShare) < 0.015, "P(median <= \(threshold))")
        }
        #expect(abs(Percentiles.median(fast) - Percentiles.median(naive)) <= 1)
    }

    /// At a percentile between two order statistics (p10 of 23 values: rank 2.2) and at one
    /// (p10 of 11 values: rank 1), the resampled percentile has the distribution of naive
    /// resampling: drawing n values with replacement, sorting, interpolating.
    @Test(arguments: [23, 11])
    func resampledPercentileMatchesNaiveResampling(count: Int) {
        let values: [Double] = (0..<count).map { (index: Int) -> Double in
            Double((index * 37) % 101) + 0.5 * Double(index % 3)
        }
        let resampler = QuantileResampler(values, percentile: 10)
        #expect(resampler.value == Percentiles.percentile(sorted: values.sorted(), 10))
        var fastGenerator = SplitMix64(seed: 21)
        var naiveGenerator = SplitMix64(seed: 22)
        let draws = 40_000
        let fast = (0..<draws).map { _ in resampler.draw(using: &fastGenerator) }.sorted()
        let naive: [Double] = (0..<draws).map { _ in
            let resample: [Double] = (0..<count).map { _ in values.randomElement(using: &naiveGenerator)! }
            return Percentiles.percentile(sorted: resample.sorted(), 10)
        }.sorted()
        for threshold in stride(from: 0.0, through: 40.0, by: 2.5) {
            let fastShare = Double(fast.partitionPoint { $0 > threshold }) / Double(draws)
            let naiveShare = Double(naive.partitionPoint { $0 > threshold }) / Double(draws)
            #expect(abs(fastShare - naiveShare) < 0.015, "P(p10 <= \(threshold))")
        }
    }

    /// On 40 synthetic data sets whose candidate is the baseline's distribution slowed by
    /// exactly 20%, the 95% interval contains the true change in at least 34 (expected 38).
    @Test func bootstrapIntervalCoversTheTrueShift() {
        var generator = SplitMix64(seed: 99)
        var covered = 0
        for round in 0..<40 {
            let baseline = (0..<301).map { _ in 1e6 * exp(0.1 * RandomVariates.standardNormal(using: &generator)) }
            let candidate = (0..<280).map { _ in 1.2e6 * exp(0.1 * RandomVariates.standardNormal(using: &generator)) }
            let interval = HierarchicalBootstrap(before: [QuantileResampler(baseline, percentile: 50)], after: [QuantileResampler(candidate, percentile: 50)], seed: UInt64(round))
            #expect(interval.lower <= interval.change && interval.change <= interval.upper)
            if interval.lower <= 0.2 && 0.2 <= interval.upper { covered += 1 }
        }
        #expect(covered >= 34, "covered \(covered) of 40")
    }

    /// A million samples per side are compared with medians, U and interval that agree with
    /// the data (a 3% slowdown of the median).
    @Test func millionSamplesPerSide() {
        var generator = SplitMix64(seed: 4)
        let baseline = (0..<1_000_000).map { _ in 1000 + Double(Int.random(in: 0..<200, using: &generator)) }
        let candidate = baseline.map { $0 * 1.03 }
        let interval = HierarchicalBootstrap(before: [QuantileResampler(baseline, percentile: 50)], after: [QuantileResampler(candidate, percentile: 50)], seed: 1)
        #expect(abs(interval.change - 0.03) < 1e-3)
        #expect(interval.lower < 0.03 + 1e-3 && interval.upper > 0.03 - 1e-3)
        #expect(interval.upper - interval.lower < 0.01)
        #expect(MannWhitneyU(baseline, candidate).pValue < 1e-100)
    }

    private func binomial(_ n: Int, _ k: Int) -> Double {
        (0..<k).reduce(1.0) { $0 * Double(n - $1) / Double($1 + 1) }
    }
}

extension Array where Element == Double {
    /// The index of the first element satisfying `predicate`, for a sorted array split by it.
    fileprivate func partitionPoint(_ predicate: (Double) -> Bool) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if predicate(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
