/// Finds the points where a series changes level, by the algorithm of Apache Otava (formerly
/// Hunter: Fleming et al., "Hunter: Using Change Point Detection to Hunt for Performance
/// Regressions", ICPE 2023), which refines MongoDB's use of E-Divisive means (Daly et al.,
/// ICPE 2020).
///
/// 1. Split: windows of `windowLength` values, each advancing by half a window, are searched
///    with E-Divisive means (``EnergyDivisive``): the best candidate of the window's segments is
///    kept while Student's t-test between the two sides of its segment gives p <= a relaxed
///    level (10x `maxPValue` below 0.05), and searched again with it as a boundary.
/// 2. Merge: over the union of those weak points, the one with the highest p-value is dropped
///    while any p-value is not below `maxPValue`, then the one with the smallest magnitude while
///    any is at most `minMagnitude`; each drop recomputes the t-tests of the points left (Otava
///    recomputes only one neighbour; all are recomputed here, which only matters when several
///    points are dropped next to each other).
///
/// The same series, window, level and magnitude give the same points as Otava's
/// `compute_change_points`; a test checks that against Otava itself where it is installed.
struct ChangePointDetector: Sendable {
    /// Values per window of the split step (at least 2).
    var windowLength = 50
    /// The level a change point's t-test must reach.
    var maxPValue = 0.001
    /// The smallest relative change of the segment means a change point must have.
    var minMagnitude = 0.0

    /// The change points of `series`, in index order.
    func changePoints(_ series: [Double]) -> [ChangePoint] {
        guard series.count > 2 else { return [] }
        let relaxed = maxPValue < 0.05 ? maxPValue * 10 : (maxPValue < 0.5 ? maxPValue * 2 : maxPValue)
        let weak = split(series, level: relaxed)
        return merge(weak, series)
    }

    /// The split step: the weak change points' indices, ascending.
    func split(_ series: [Double], level: Double) -> [Int] {
        let step = max(1, windowLength / 2)
        var start = 0
        var indices: [Int] = []
        while start < series.count {
            let end = min(start + windowLength, series.count)
            let found = Self.divisive(Array(series[start..<end]), level: level).map { $0 + start }
            start = max(found.last ?? 0, start + step)
            indices += found.filter { !indices.contains($0) }
        }
        return indices.sorted()
    }

    /// The merge step over `indices` (ascending): the points left, with their statistics.
    func merge(_ indices: [Int], _ series: [Double]) -> [ChangePoint] {
        var points = Self.points(at: indices, series)
        while !points.isEmpty {
            var weakest = Self.firstIndex(of: points, by: { $0.pValue.isNaN ? .infinity : $0.pValue }, largest: true)
            if points[weakest].pValue < maxPValue {
                weakest = Self.firstIndex(of: points, by: \.magnitude, largest: false)
                if points[weakest].magnitude > minMagnitude { return points }
            }
            points.remove(at: weakest)
            points = Self.points(at: points.map(\.index), series)
        }
        return points
    }

    /// E-Divisive means with t-test significance on one window: the points' indices, ascending.
    static func divisive(_ series: [Double], level: Double) -> [Int] {
        guard series.count > 1 else { return [] }
        let energy = EnergyDivisive(series)
        var indices: [Int] = []
        while true {
            let segments = self.segments(between: indices, count: series.count).filter { $0.count > 1 }
            var best: (index: Int, qHat: Double)?
            for segment in segments {
                let candidate = energy.candidate(in: segment)
                if best == nil || candidate.qHat > best!.qHat { best = candidate }
            }
            guard let best, let segment = segments.first(where: { $0.lowerBound < best.index && best.index < $0.upperBound })
            else { break }
            let point = test(
                series[segment.lowerBound..<best.index], series[best.index..<segment.upperBound], index: best.index,
                qHat: best.qHat)
            guard isSignificant(point, level: level) else { break }
            indices.append(best.index)
            indices.sort()
        }
        return indices
    }

    /// The points at `indices` (ascending), each tested between its neighbours.
    static func points(at indices: [Int], _ series: [Double]) -> [ChangePoint] {
        indices.enumerated().map { position, index in
            let lower = position == 0 ? 0 : indices[position - 1]
            let upper = position == indices.count - 1 ? series.count : indices[position + 1]
            return test(series[lower..<index], series[index..<upper], index: index, qHat: 0)
        }
    }

    /// The segments of `0..<count` between ascending `indices`, empty ones left out.
    static func segments(between indices: [Int], count: Int) -> [Range<Int>] {
        let bounds = [0] + indices + [count]
        return zip(bounds, bounds.dropFirst()).filter { $0 < $1 }.map { $0..<$1 }
    }

    /// Student's t-test between `before` and `after` (each non-empty), as Otava's
    /// `TTestSignificanceTester.compare`: population standard deviations, p = 1 for two values.
    static func test(_ before: ArraySlice<Double>, _ after: ArraySlice<Double>, index: Int, qHat: Double) -> ChangePoint {
        let (meanBefore, stdBefore) = meanAndDeviation(before)
        let (meanAfter, stdAfter) = meanAndDeviation(after)
        let p =
            before.count + after.count > 2
            ? StudentT.pValue(
                mean1: meanBefore, std1: stdBefore, count1: before.count, mean2: meanAfter, std2: stdAfter,
                count2: after.count)
            : 1
        return ChangePoint(
            index: index, qHat: qHat, meanBefore: meanBefore, meanAfter: meanAfter, stdBefore: stdBefore,
            stdAfter: stdAfter, pValue: p)
    }

    /// Whether `point`'s p-value is at most `level` (nan never is).
    static func isSignificant(_ point: ChangePoint, level: Double) -> Bool {
        point.pValue <= level
    }

    /// Mean and population standard deviation of `values` (non-empty).
    private static func meanAndDeviation(_ values: ArraySlice<Double>) -> (Double, Double) {
        let mean = values.reduce(0, +) / Double(values.count)
        let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count)
        return (mean, variance.squareRoot())
    }

    /// The position of the first largest (or smallest) `key` in `points`.
    private static func firstIndex(
        of points: [ChangePoint], by key: (ChangePoint) -> Double, largest: Bool
    ) -> Int {
        var best = 0
        for index in points.indices.dropFirst() {
            let better = largest ? key(points[index]) > key(points[best]) : key(points[index]) < key(points[best])
            if better { best = index }
        }
        return best
    }
}
