import Render

/// The error thrown when an image does not match its reference; the actual and difference
/// images have been written next to the reference for inspection.
public struct SnapshotMismatch: Error, Hashable, Sendable, CustomStringConvertible {
    /// The snapshot's name.
    public let name: String
    /// The comparison that failed.
    public let comparison: SnapshotComparison
    /// The tolerances the image was compared with.
    public let configuration: SnapshotConfiguration
    /// The path of the reference image.
    public let referencePath: String
    /// The path where the actual image was written.
    public let actualPath: String
    /// The path where the difference image was written.
    public let differencePath: String

    /// Creates a mismatch report.
    public init(
        name: String, comparison: SnapshotComparison, configuration: SnapshotConfiguration,
        referencePath: String, actualPath: String, differencePath: String
    ) {
        self.name = name
        self.comparison = comparison
        self.configuration = configuration
        self.referencePath = referencePath
        self.actualPath = actualPath
        self.differencePath = differencePath
    }

    /// The match and required precision as percentages, the differing pixel count and the
    /// paths written.
    public var description: String {
        "Snapshot \"\(name)\" does not match \(referencePath): "
            + "\(Self.percent(comparison.match)) of pixels match, \(Self.percent(configuration.precision)) required; "
            + "\(comparison.differingPixelCount) of \(comparison.totalPixelCount) pixels differ by more than "
            + "\(configuration.maxPixelDifference) (largest difference \(comparison.maxDifference)). "
            + "Actual image: \(actualPath). Difference image: \(differencePath)."
    }

    /// `fraction` as a percentage with two decimals, for example `98.50%`.
    /// A NaN, infinite or huge fraction (a configuration's precision is not validated) prints
    /// as it is instead of trapping in the conversion to `Int`.
    private static func percent(_ fraction: Float) -> String {
        let scaled = (Double(fraction) * 10_000).rounded()
        guard let hundredths = Int(exactly: scaled), hundredths.magnitude < 1_000_000_000 else {
            return "\(Double(fraction) * 100)%"
        }
        let sign = hundredths < 0 ? "-" : ""
        let cents = hundredths.magnitude % 100
        return "\(sign)\(hundredths.magnitude / 100).\(cents < 10 ? "0" : "")\(cents)%"
    }
}
