import Testing

@testable import Bench
@testable import BenchKit

/// Axis ranges round outward to steps of 1, 2, 2.5 or 5 times a power of ten.
@Suite("Nice axis scale")
struct NiceScaleTests {
    @Test func aBudgetRangeGetsWholeTicks() {
        let scale = NiceScale(covering: 0, 17.5)
        #expect(scale.step == 5 && scale.lower == 0 && scale.upper == 20)
        #expect(scale.ticks == [0, 5, 10, 15, 20])
        #expect(scale.ticks.map(scale.label) == ["0", "5", "10", "15", "20"])
    }

    @Test func smallRangesGetDistinctDecimalLabels() {
        let scale = NiceScale(covering: 0, 0.0123)
        #expect(scale.lower == 0 && scale.upper >= 0.0123 && scale.upper < 0.02)
        let labels = scale.ticks.map(scale.label)
        #expect(Set(labels).count == labels.count)
        #expect(labels.first == "0.0000" || labels.first == "0.000")
    }

    @Test func quarterStepsKeepTheirSecondDecimal() {
        let scale = NiceScale(covering: 0, 1.2)
        #expect(scale.step == 0.25)
        #expect(scale.ticks.map(scale.label) == ["0.00", "0.25", "0.50", "0.75", "1.00", "1.25"])
    }

    @Test(arguments: [(0.0, 0.0), (5.0, 5.0), (-.infinity, .nan), (9.0, 2.0)])
    func degenerateRangesStillHaveHeight(low: Double, high: Double) {
        let scale = NiceScale(covering: low, high)
        #expect(scale.upper > scale.lower)
        #expect(scale.ticks.count >= 2 && scale.ticks.count <= 12)
        #expect(scale.fraction(scale.lower) == 0 && scale.fraction(scale.upper) == 1)
    }

    @Test func ticksCoverTheDataAndStayFew() {
        for maximum in [0.7, 3.3, 16.67, 42.0, 999.0, 123_456.0] {
            let scale = NiceScale(covering: 0, maximum)
            #expect(scale.upper >= maximum && scale.lower <= 0)
            #expect((3...11).contains(scale.ticks.count), "\(maximum): \(scale.ticks)")
        }
    }
}
