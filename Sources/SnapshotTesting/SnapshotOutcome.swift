import Render

/// What a successful ``assertSnapshot(of:named:in:configuration:record:)`` did.
public enum SnapshotOutcome: Hashable, Sendable {
    /// The image matched the reference within the configuration's tolerances.
    case matched(SnapshotComparison)
    /// There was nothing to compare with, so the image was written as the new reference.
    case recorded(referencePath: String)
}
