import Platform

/// The smallest change of a scenario that `bench compare` and `bench history` call a
/// regression or an improvement: `margin` times the change that 99% of comparisons of one
/// binary with itself (A/A) stay below, for the number of rounds compared.
///
/// From a set of round figures (``RoundStatistics``), each divided by the run figure of its
/// own sitting, it draws `resamples` A/A comparisons (rounds drawn with replacement on both sides,
/// as many as each side has) and takes the `quantile` of their absolute changes of the run
/// figure (``RoundStatistics/runFigure(_:)``).
/// That quantile alone would let one A/A comparison in a hundred through (fewer with the other
/// conditions of a verdict, but not few enough for a suite of fifteen scenarios run on every
/// commit), and a handful of rounds underestimates the tails of their spread; the `margin` of 2
/// covers both, and keeps a 20% change well above the minimum of every scenario whose rounds
/// spread by a few percent. The spread comes from two places, and the larger wins: the calibration of `bench noise` (A/A rounds stored in
/// `Benchmarks/noise.json`) and the rounds being compared, each side divided by its own run
/// figure so that a real change does not count as spread. Never below `floor`.
struct MinimumEffect: Sendable {
    /// Where a minimum effect came from.
    enum Source: String, Codable, Sendable {
        /// The A/A rounds of a `bench noise` calibration.
        case calibration
        /// The spread of the rounds compared.
        case rounds
        /// The floor: neither spread reached it.
        case floor
    }

    /// The fraction of A/A comparisons whose change, times `margin`, is the minimum effect.
    var quantile = 0.99
    /// How many times that change the minimum effect is.
    var margin = 2.0
    /// A/A comparisons drawn.
    var resamples = 2000
    /// The smallest minimum effect (0.01 = 1%).
    var floor = 0.01
    /// Seed of the draws.
    var seed: UInt64 = 12345

    /// The minimum effect for a comparison of `sides` rounds (counts at least 1) of one
    /// scenario, whose rounds compared give the relative round figures `observed` (each side
    /// divided by its own run figure) and whose A/A calibration gave `calibrated` (empty when there
    /// is none), and the spread it came from.
    func value(observed: [Double], sides: (Int, Int), calibrated: [Double]) -> (value: Double, source: Source) {
        let fromRounds = observed.count > 2 ? margin * aaChange(observed, sides: sides) : 0
        let fromCalibration = calibrated.count > 1 ? margin * aaChange(calibrated, sides: sides) : 0
        if fromCalibration >= fromRounds, fromCalibration > floor { return (fromCalibration, .calibration) }
        if fromRounds > floor { return (fromRounds, .rounds) }
        return (floor, .floor)
    }

    /// `values` (round figures) divided by their run figure, the level the statistics compare:
    /// a side whose rounds ran mostly disturbed then still has its undisturbed rounds at 1 and
    /// its disturbed ones above, as the other side has, instead of the undisturbed ones below 1.
    static func relative(_ values: [Double]) -> [Double] {
        guard !values.isEmpty else { return [] }
        let level = RoundStatistics.runFigure(values)
        return level > 0 ? values.map { $0 / level } : []
    }

    /// The `quantile` of |change| over A/A comparisons of `sides` rounds drawn from `pool`.
    func aaChange(_ pool: [Double], sides: (Int, Int)) -> Double {
        var generator = SplitMix64(seed: seed)
        var left: [Double] = []
        var right: [Double] = []
        var changes = [Double](repeating: 0, count: resamples)
        for index in changes.indices {
            Self.draw(sides.0, from: pool, into: &left, using: &generator)
            Self.draw(sides.1, from: pool, into: &right, using: &generator)
            changes[index] = abs(RoundStatistics.runFigure(sorted: right) / RoundStatistics.runFigure(sorted: left) - 1)
        }
        changes.sort()
        return Percentiles.percentile(sorted: changes, quantile * 100)
    }

    /// `count` values of `pool` drawn with replacement into `sample`, sorted.
    private static func draw(
        _ count: Int, from pool: [Double], into sample: inout [Double], using generator: inout SplitMix64
    ) {
        sample.removeAll(keepingCapacity: true)
        for _ in 0..<max(1, count) {
            sample.append(pool[Int(generator.next() % UInt64(pool.count))])
        }
        sample.sort()
    }
}
