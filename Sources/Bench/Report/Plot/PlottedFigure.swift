import Foundation

/// What a scenario's verdict was decided on, read from its result so that a plot shows the
/// same figure and threshold the verdict used, whichever judge produced it.
///
/// A result with a speedup and a required speedup was judged on that ratio. Otherwise the
/// reason is searched for a frame-time comparison in the form the judges write it,
/// `<statistic> <CPU|wall> <value> ms <relation> [budget ]<limit> ms` (for example
/// `p99 CPU 12.40 ms <= budget 16.67 ms` or `median CPU 21.30 ms > 20 ms ...`). A reason in
/// neither form is shown as text only.
enum PlottedFigure: Equatable {
    /// A frame-time statistic compared with a limit in milliseconds.
    case frameTime(statistic: String, valueMs: Double, relation: String, limitMs: Double, isBudget: Bool)
    /// A measured speedup compared with the required one.
    case speedup(value: Double, required: Double)
    /// No figure could be read; the reason alone explains the verdict.
    case unstated

    /// The figure `result` was judged on.
    init(_ result: ScenarioResult) {
        if let speedup = result.speedup, let required = result.requiredSpeedup {
            self = .speedup(value: speedup, required: required)
            return
        }
        self = Self.frameTime(in: result.reason) ?? .unstated
    }

    /// The first frame-time comparison in `reason`, if any.
    private static func frameTime(in reason: String) -> PlottedFigure? {
        let number = #"([0-9]+(?:\.[0-9]+)?)"#
        let pattern = #"\b(p[0-9]+(?:\.[0-9]+)?|median|mean|min|max|best) (CPU|wall) "# + number
            + #" ms (<=|>=|<|>) (budget )?"# + number + " ms"
        guard let expression = try? NSRegularExpression(pattern: pattern),
              let match = expression.firstMatch(in: reason, range: NSRange(reason.startIndex..., in: reason))
        else { return nil }
        func group(_ index: Int) -> String? {
            Range(match.range(at: index), in: reason).map { String(reason[$0]) }
        }
        guard let statistic = group(1), let clock = group(2), let value = group(3).flatMap(Double.init),
              let relation = group(4), let limit = group(6).flatMap(Double.init)
        else { return nil }
        return .frameTime(
            statistic: "\(statistic) \(clock)", valueMs: value, relation: relation, limitMs: limit,
            isBudget: group(5) != nil)
    }
}
