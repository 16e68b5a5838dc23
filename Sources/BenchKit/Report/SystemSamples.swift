/// Each system's time per measured frame, for the `game` scenario's breakdown.
package struct SystemSamples: Codable, Equatable, Sendable {
    /// "stage/system".
    package var name: String
    /// Monotonic nanoseconds per frame.
    package var wallNs: [UInt64]

    /// A value with the given fields.
    package init(name: String, wallNs: [UInt64]) {
        self.name = name
        self.wallNs = wallNs
    }

    private enum CodingKeys: String, CodingKey {
        case name
        case wallNs = "wall_ns"
    }
}
