extension JudgedFigure {
    /// How a judged value must compare with its limit.
    package enum Rule: String, Codable, Sendable {
        /// The value must not exceed the limit (a time).
        case atMost = "at_most"
        /// The value must reach the limit (a speedup).
        case atLeast = "at_least"

        /// Whether `value` meets `limit`.
        package func holds(_ value: Double, _ limit: Double) -> Bool {
            self == .atMost ? value <= limit : value >= limit
        }

        /// The relation a passing value has to its limit: "≤" or "≥".
        package var passingSymbol: String { self == .atMost ? "≤" : "≥" }

        /// The relation a failing value has to its limit: ">" or "<".
        package var failingSymbol: String { self == .atMost ? ">" : "<" }
    }
}
