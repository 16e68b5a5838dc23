import Render

/// The outcome of comparing an image with its reference.
public struct SnapshotComparison: Hashable, Sendable {
    /// Whether ``match`` reached the required precision.
    public let passed: Bool
    /// The fraction of pixels that match, `0...1`; 0 for a hard failure.
    public let match: Float
    /// The number of pixels with a channel difference above the tolerance.
    public let differingPixelCount: Int
    /// The number of pixels compared; on a size mismatch, the pixels of the larger buffer.
    public let totalPixelCount: Int
    /// The largest per-channel absolute difference anywhere; 255 for a hard failure.
    public let maxDifference: UInt8

    /// Creates a comparison outcome.
    public init(passed: Bool, match: Float, differingPixelCount: Int, totalPixelCount: Int, maxDifference: UInt8) {
        self.passed = passed
        self.match = match
        self.differingPixelCount = differingPixelCount
        self.totalPixelCount = totalPixelCount
        self.maxDifference = maxDifference
    }

    /// The hard failure for buffers that cannot be compared pixel by pixel: match 0, every one
    /// of `totalPixelCount` pixels differing, maximum difference 255.
    public static func hardFailure(totalPixelCount: Int) -> SnapshotComparison {
        SnapshotComparison(
            passed: false, match: 0, differingPixelCount: totalPixelCount,
            totalPixelCount: totalPixelCount, maxDifference: 255
        )
    }
}
