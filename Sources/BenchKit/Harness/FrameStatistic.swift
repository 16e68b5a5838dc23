/// A statistic of a scenario's frame times that a budget verdict can rest on.
public enum FrameStatistic: String, Codable, CaseIterable, Sendable {
    /// The 99th percentile: one frame in a hundred may be slower.
    case p99
    /// The worst frame: none may be slower.
    case max
}
