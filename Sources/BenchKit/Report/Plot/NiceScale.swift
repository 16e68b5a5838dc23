import Foundation

/// An axis range rounded outward to "nice" tick values: steps of 1, 2 or 5 times a power of
/// ten, so tick labels read 0, 5, 10, 15 rather than 0, 4.37, 8.74.
struct NiceScale: Equatable {
    /// The bottom of the axis, a multiple of ``step`` at or below the data.
    let lower: Double
    /// The top of the axis, a multiple of ``step`` at or above the data.
    let upper: Double
    /// The distance between ticks.
    let step: Double

    /// A scale covering `minimum...maximum` with about `ticks` intervals (at least 1).
    ///
    /// Non-finite bounds are treated as 0; an empty or inverted range is widened to a range of
    /// one unit around its value so the axis always has height.
    init(covering minimum: Double, _ maximum: Double, ticks: Int = 5) {
        var low = minimum.isFinite ? minimum : 0
        var high = maximum.isFinite ? maximum : 0
        if high < low { swap(&low, &high) }
        if high - low < max(abs(high), 1) * 1e-9 {
            low -= low == 0 ? 0 : 0.5 * max(abs(low), 1)
            high += 0.5 * max(abs(high), 1)
        }
        let rough = (high - low) / Double(max(ticks, 1))
        let magnitude = pow(10, floor(log10(rough)))
        let fraction = rough / magnitude
        let nice: Double = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 2.5 ? 2.5 : fraction <= 5 ? 5 : 10
        step = nice * magnitude
        lower = floor(low / step + 1e-9) * step
        upper = ceil(high / step - 1e-9) * step
    }

    /// The tick values from ``lower`` to ``upper`` inclusive.
    var ticks: [Double] {
        let count = Int(((upper - lower) / step).rounded())
        return (0...count).map { lower + Double($0) * step }
    }

    /// `value` formatted with as many decimals as the step needs, so every tick label of the
    /// axis is distinct and none carries noise digits.
    func label(_ value: Double) -> String {
        let decimals = max(0, Int(ceil(-log10(step) - 1e-9)) + (step / pow(10, floor(log10(step))) == 2.5 ? 1 : 0))
        let rounded = abs(value) < step * 1e-6 ? 0 : value
        return String(format: "%.\(min(decimals, 6))f", rounded)
    }

    /// Where `value` falls on the axis: 0 at ``lower``, 1 at ``upper``.
    func fraction(_ value: Double) -> Double {
        (value - lower) / (upper - lower)
    }
}
