import Render

/// How strictly a rendered image must match its reference, and the size and time at which a
/// fixture is rendered, with presets and per-fixture overrides.
///
/// A pixel differs when any channel's absolute difference is strictly greater than
/// ``maxPixelDifference``; a comparison passes when the fraction of matching pixels is at
/// least ``precision``. ``width``, ``height`` and ``time`` describe how a fixture is rendered;
/// the comparator itself does not read them.
public struct SnapshotConfiguration: Hashable, Sendable, Codable {
    /// The fraction of pixels, `0...1`, that must match for the comparison to pass.
    public var precision: Float
    /// The largest per-channel absolute difference, `0...255`, that still counts as matching.
    public var maxPixelDifference: UInt8
    /// The width in pixels at which the fixture is rendered.
    public var width: Int
    /// The height in pixels at which the fixture is rendered.
    public var height: Int
    /// The animation time in seconds at which the fixture is rendered.
    public var time: Double

    /// Creates a configuration; every argument defaults to the value of ``default``.
    public init(
        precision: Float = 0.985, maxPixelDifference: UInt8 = 5, width: Int = 300, height: Int = 300,
        time: Double = 0
    ) {
        self.precision = precision
        self.maxPixelDifference = maxPixelDifference
        self.width = width
        self.height = height
        self.time = time
    }

    /// Precision 0.985 and tolerance 5 at 300 x 300, time 0: allows minor rasterisation
    /// differences.
    public static let `default` = SnapshotConfiguration()
    /// Precision 0.99 and tolerance 2: for output that should barely move.
    public static let highPrecision = SnapshotConfiguration(precision: 0.99, maxPixelDifference: 2)
    /// Precision 0.95 and tolerance 10: for output with floating-point variance, such as
    /// simulations.
    public static let computeTolerant = SnapshotConfiguration(precision: 0.95, maxPixelDifference: 10)
    /// The default tolerances at 100 x 100.
    public static let small = SnapshotConfiguration(width: 100, height: 100)
    /// The default tolerances at 512 x 512.
    public static let large = SnapshotConfiguration(width: 512, height: 512)

    /// The fixtures whose configuration differs from, or is pinned to, ``default``.
    public static let fixtureOverrides: [String: SnapshotConfiguration] = [
        "boidsCompute": .computeTolerant,
        "simpleInstanced": .default,
        "instancedBuiltins": .default,
    ]

    /// The configuration of the fixture called `name`; an unknown name gets ``default``.
    public static func forFixture(_ name: String) -> SnapshotConfiguration {
        fixtureOverrides[name] ?? .default
    }
}
