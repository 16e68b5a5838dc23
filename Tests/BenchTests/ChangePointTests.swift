import ECS
import Foundation
import Testing

@testable import Bench
@testable import BenchKit

/// The change point search of `bench history`: Student's t, E-Divisive means and Otava's
/// split and merge.
struct ChangePointTests {
    /// Series the tests share: a step, two steps, a slow drift, a step with outliers and a flat
    /// noisy series, each value 1 ± 2% noise (seeded).
    static func series(_ shape: String, count: Int = 40, seed: UInt64 = 7) -> [Double] {
        var generator = SplitMix64(seed: seed)
        return (0..<count).map { index in
            let noise = 1 + Double.random(in: -0.02...0.02, using: &generator)
            let level: Double =
                switch shape {
                case "step": index < 20 ? 1 : 1.2
                case "two steps": index < 15 ? 1 : index < 30 ? 1.2 : 1.45
                case "drift": 1 + 0.3 * Double(index) / Double(count)
                case "outliers": (index == 7 || index == 28 ? 1.4 : 1) * (index < 20 ? 1 : 1.2)
                default: 1
                }
            return level * noise
        }
    }

    /// The two-sided tail of Student's t matches SciPy's `2 * t.sf(t, df)`, and the incomplete
    /// beta function its `betainc`.
    @Test func studentTMatchesSciPy() {
        let cases: [(Double, Double, Double)] = [
            (2.0, 10, 0.07338803477074039), (0.5, 3, 0.651447964848151), (5.0, 40, 1.1840065669659487e-05),
            (1.0, 1, 0.49999999999999956), (3.3, 7.5, 0.011891634562261172),
        ]
        for (t, degrees, expected) in cases {
            let p = StudentT.twoSidedTail(t, degrees: degrees)
            #expect(abs(p - expected) <= 1e-12 + 1e-9 * expected, "t \(t), df \(degrees): \(p)")
        }
        #expect(abs(StudentT.regularizedIncompleteBeta(0.3, 2.5, 0.5) - 0.018927124071945658) < 1e-13)
        #expect(abs(StudentT.regularizedIncompleteBeta(0.9, 10, 3) - 0.889130022255) < 1e-11)
        #expect(StudentT.pValue(mean1: 1, std1: 0, count1: 3, mean2: 2, std2: 0, count2: 3) == 0)
        #expect(StudentT.pValue(mean1: 1, std1: 0, count1: 3, mean2: 1, std2: 0, count2: 3).isNaN)
    }

    /// Q of E-Divisive means from its prefix sums equals the sum over pairs written out.
    @Test func energyStatisticMatchesTheDefinition() {
        let x = Self.series("step", count: 12)
        let energy = EnergyDivisive(x)
        for (start, tau, kappa) in [(0, 1, 2), (0, 5, 12), (2, 6, 9), (3, 4, 12), (0, 11, 12)] {
            let a = Array(x[start..<tau]), b = Array(x[tau..<kappa])
            let (n, m) = (Double(a.count), Double(b.count))
            let between = a.reduce(0) { sum, u in b.reduce(sum) { $0 + abs(u - $1) } }
            func within(_ v: [Double]) -> Double {
                v.indices.reduce(0) { sum, i in v[(i + 1)...].reduce(sum) { $0 + abs(v[i] - $1) } }
            }
            var q = 2 / (m + n) * between
            if n > 1 { q -= 2 * m / ((m + n) * (n - 1)) * within(a) }
            if m > 1 { q -= 2 * n / ((m + n) * (m - 1)) * within(b) }
            #expect(abs(energy.value(start: start, tau: tau, kappa: kappa) - q) < 1e-12)
        }
    }

    /// A step is found where it begins, with its size; two steps both.
    @Test func stepsAreFoundWhereTheyBegin() {
        let step = ChangePointDetector().changePoints(Self.series("step"))
        #expect(step.map(\.index) == [20])
        #expect(abs(step[0].forwardChange - 0.2) < 0.02 && step[0].pValue < 1e-6)
        #expect(ChangePointDetector(minMagnitude: 0.05).changePoints(Self.series("two steps")).map(\.index) == [15, 30])
        #expect(ChangePointDetector().changePoints(Self.series("outliers")).map(\.index) == [20])
    }

    /// A flat noisy series has no change point as large as its noise, whatever the seed. (The
    /// t-test of the best of many splits is not a test at its nominal level, in Otava either:
    /// without a minimum magnitude, splits 1% apart in ±2% noise pass p < 0.001 now and then.)
    @Test func aFlatSeriesHasNone() {
        for seed in 0..<100 as Range<UInt64> {
            #expect(ChangePointDetector(minMagnitude: 0.02).changePoints(Self.series("flat", seed: seed)).isEmpty, "seed \(seed)")
        }
    }

    /// A change smaller than the minimum magnitude is merged away.
    @Test func theMinimumMagnitudeDropsSmallChanges() {
        #expect(ChangePointDetector(minMagnitude: 0.25).changePoints(Self.series("step")).isEmpty)
        #expect(ChangePointDetector().changePoints([1, 2]).isEmpty)
        #expect(ChangePointDetector().changePoints([]).isEmpty)
    }

    /// Long series are searched in windows; a step in the second window is still found at its
    /// index.
    @Test func windowsFindALateStep() {
        var generator = SplitMix64(seed: 3)
        let series = (0..<160).map { (index: Int) -> Double in
            (index < 130 ? 1 : 0.8) * (1 + Double.random(in: -0.02...0.02, using: &generator))
        }
        #expect(ChangePointDetector().changePoints(series).map(\.index) == [130])
    }

    /// The same points, p-values and segment means as Apache Otava's `compute_change_points`
    /// on every shape, where Otava is installed (`pip install apache-otava`; `OTAVA_PYTHON`
    /// names the Python that has it, else `python3`).
    @Test func agreesWithApacheOtava() throws {
        let python = ProcessInfo.processInfo.environment["OTAVA_PYTHON"] ?? "python3"
        let shapes = ["step", "two steps", "drift", "outliers", "flat"]
        let input = try JSONSerialization.data(withJSONObject: shapes.map { Self.series($0) })
        let script = """
            import json, sys
            from otava.analysis import compute_change_points
            out = []
            for series in json.load(sys.stdin):
                points, _ = compute_change_points(series, window_len=50, max_pvalue=0.001, min_magnitude=0.0)
                out.append([[int(p.index), float(p.stats.pvalue), float(p.stats.mean_1), float(p.stats.mean_2)] for p in points])
            print(json.dumps(out))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [python, "-c", script]
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        stdin.fileHandleForWriting.write(input)
        try stdin.fileHandleForWriting.close()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0,
            let otava = try JSONSerialization.jsonObject(with: output) as? [[[Double]]]
        else {
            print("notice: Apache Otava is not installed for \(python) (pip install apache-otava); parity not checked")
            return
        }
        for (shape, expected) in zip(shapes, otava) {
            let series = Self.series(shape)
            let points = ChangePointDetector().changePoints(series)
            #expect(points.map(\.index) == expected.map { Int($0[0]) }, "\(shape)")
            for (position, (point, other)) in zip(points, expected).enumerated() {
                // Otava's merge recomputes only the point after one it drops, so the point before
                // keeps the statistics of its old segment; those are compared by index alone.
                let end = position + 1 < points.count ? points[position + 1].index : series.count
                let after = series[point.index..<end]
                guard abs(after.reduce(0, +) / Double(after.count) - other[3]) < 1e-12 else { continue }
                #expect(abs(point.pValue - other[1]) <= 1e-9 + 1e-6 * other[1], "\(shape) p at \(point.index)")
                #expect(abs(point.meanBefore - other[2]) < 1e-12 && abs(point.meanAfter - other[3]) < 1e-12)
            }
        }
    }
}
