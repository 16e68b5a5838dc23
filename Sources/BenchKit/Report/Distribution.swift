/// Frame-time percentiles in milliseconds.
package struct FrameTimeSummary: Codable, Equatable, Sendable {
    /// Median.
    package var p50: Double
    /// 95th percentile.
    package var p95: Double
    /// 99th percentile.
    package var p99: Double
    /// Slowest frame.
    package var max: Double

    /// Summarises frame times given in nanoseconds (non-empty).
    package init(nanoseconds: [UInt64]) {
        let sorted = nanoseconds.sorted().map { Double($0) / 1e6 }
        p50 = Percentiles.percentile(sorted: sorted, 50)
        p95 = Percentiles.percentile(sorted: sorted, 95)
        p99 = Percentiles.percentile(sorted: sorted, 99)
        max = sorted[sorted.count - 1]
    }
}

/// Nanoseconds per entity over the measured frames.
package struct PerEntitySummary: Codable, Equatable, Sendable {
    /// Median frame divided by entities per frame.
    package var p50: Double
    /// Fastest frame divided by entities per frame.
    package var min: Double
    /// Slowest frame divided by entities per frame.
    package var max: Double

    /// Summarises frame times in nanoseconds (non-empty) for `entities` (> 0) per frame.
    package init(nanoseconds: [UInt64], entities: Int) {
        let sorted = nanoseconds.sorted().map { Double($0) / Double(entities) }
        p50 = Percentiles.percentile(sorted: sorted, 50)
        min = sorted[0]
        max = sorted[sorted.count - 1]
    }
}
