/// Each system's time per measured frame, for the `game` scenario's breakdown.
struct SystemSamples: Codable, Equatable, Sendable {
    /// "stage/system".
    var name: String
    /// Monotonic nanoseconds per frame.
    var wallNs: [UInt64]

    private enum CodingKeys: String, CodingKey {
        case name
        case wallNs = "wall_ns"
    }
}
