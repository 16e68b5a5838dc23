import SnapshotTesting
import Testing
import ECS

@Suite("Snapshot mismatch")
struct SnapshotMismatchTests {
    /// The description of a mismatch whose comparison matched `match` against `precision`.
    private func describe(match: Float, precision: Float) -> String {
        SnapshotMismatch(
            name: "scene", comparison: SnapshotComparison(
                passed: false, match: match, differingPixelCount: 3, totalPixelCount: 100, maxDifference: 9
            ),
            configuration: SnapshotConfiguration(precision: precision), referencePath: "r.png",
            actualPath: "a.png", differencePath: "d.png"
        ).description
    }

    @Test("percentages have two decimals, with a sign when negative")
    func percentages() {
        #expect(describe(match: 0.97, precision: 0.985).contains("97.00% of pixels match, 98.50% required"))
        #expect(describe(match: 0.0001, precision: 1).contains("0.01% of pixels match, 100.00% required"))
        #expect(describe(match: 0, precision: -0.005).contains("0.00% of pixels match, -0.50% required"))
    }

    @Test("NaN, infinite and huge precisions print instead of trapping", arguments: [Float.nan, .infinity, 1e30])
    func unvalidatedPrecisions(precision: Float) {
        #expect(describe(match: 0.5, precision: precision).contains("\(Double(precision) * 100)% required"))
    }
}
