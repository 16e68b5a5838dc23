import Foundation

/// One figure a verdict rests on: a statistic, its value and the limit it must meet, for
/// example the p99 CPU frame time against the frame budget or the render-state cache's speedup
/// against the required 180x. A verdict passes when every one of its figures passes.
package struct JudgedFigure: Codable, Equatable, Sendable {
    /// What the value is, without clock or unit, e.g. "p99" or "median of 10-frame minima".
    package var statistic: String
    /// The clock a time was read from; nil for a ratio.
    package var clock: Clock?
    /// The measured value, in `unit`.
    package var value: Double
    /// The limit `value` must meet under `rule`, in `unit`.
    package var limit: Double
    /// What `value` and `limit` measure.
    package var unit: Unit
    /// How `value` must compare with `limit`.
    package var rule: Rule

    /// A value with the given fields.
    package init(statistic: String, clock: Clock? = nil, value: Double, limit: Double, unit: Unit, rule: Rule) {
        self.statistic = statistic
        self.clock = clock
        self.value = value
        self.limit = limit
        self.unit = unit
        self.rule = rule
    }

    /// The statistic followed by its clock, e.g. "p99 CPU"; the statistic alone for a ratio.
    package var name: String { [statistic, clock?.label].compactMap { $0 }.joined(separator: " ") }

    /// Whether `value` meets `limit` under `rule`.
    package var passes: Bool { rule.holds(value, limit) }

    /// The figure in one line, e.g. "p99 CPU 1.11 ms ≤ 16.67 ms" or "min speedup 310x ≥ 180x":
    /// the relation is that of the numbers, or "vs" when the verdict was not `judged`. Both
    /// numbers get enough decimals that a value just past its limit does not print equal to it;
    /// the limit drops trailing zeros ("≤ 20 ms"). A time below 0.1 ms gets four decimals.
    package func summary(judged: Bool = true) -> String {
        let relation = judged ? (passes ? rule.passingSymbol : rule.failingSymbol) : "vs"
        var decimals = (value: unit.decimals(for: value), limit: unit.decimals(for: limit))
        while decimals.value < 6, value != limit, Self.format(value, decimals.value) == Self.format(limit, decimals.value) {
            decimals.value += 1
            decimals.limit = max(decimals.limit, decimals.value)
        }
        return "\(name) \(Self.format(value, decimals.value))\(unit.suffix) \(relation) "
            + "\(Self.withoutTrailingZeros(Self.format(limit, decimals.limit)))\(unit.suffix)"
    }

    /// `figures` with the failing ones first, each group in its own order.
    package static func failingFirst(_ figures: [JudgedFigure]) -> [JudgedFigure] {
        figures.filter { !$0.passes } + figures.filter(\.passes)
    }

    /// The summaries of `figures`, failing first, joined by "; "; nil when there are none.
    package static func summary(of figures: [JudgedFigure], judged: Bool = true) -> String? {
        figures.isEmpty ? nil : failingFirst(figures).map { $0.summary(judged: judged) }.joined(separator: "; ")
    }

    /// `number` without the zeros ending its decimals, and without a dot that ends it.
    private static func withoutTrailingZeros(_ number: String) -> String {
        guard number.contains(".") else { return number }
        var text = Substring(number)
        while text.hasSuffix("0") { text = text.dropLast() }
        return String(text.hasSuffix(".") ? text.dropLast() : text)
    }

    /// `number` with `decimals` decimals.
    private static func format(_ number: Double, _ decimals: Int) -> String {
        String(format: "%.\(decimals)f", number)
    }
}
