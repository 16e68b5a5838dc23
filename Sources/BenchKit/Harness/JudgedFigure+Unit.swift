extension JudgedFigure {
    /// What a judged value measures.
    package enum Unit: String, Codable, Sendable {
        /// Milliseconds per frame, which the frames plot draws against the frame times.
        case frameMilliseconds = "ms/frame"
        /// Milliseconds of something other than a frame, e.g. 1000 cached reads.
        case milliseconds = "ms"
        /// A dimensionless ratio, e.g. a speedup.
        case ratio = "x"
        /// A number of events, e.g. underruns.
        case count
        /// Milliseconds per second of play, e.g. hitch time.
        case millisecondsPerSecond = "ms/s"

        /// The text after a number: " ms" for times, "x" for a ratio, nothing for a count.
        package var suffix: String {
            switch self {
            case .frameMilliseconds, .milliseconds: " ms"
            case .ratio: "x"
            case .count: ""
            case .millisecondsPerSecond: " ms/s"
            }
        }

        /// Decimals a summary starts `number` from: none for a ratio or a count, two for a time,
        /// four for a time below 0.1 ms.
        package func decimals(for number: Double) -> Int {
            self == .ratio || self == .count ? 0 : abs(number) < 0.1 ? 4 : 2
        }
    }
}
