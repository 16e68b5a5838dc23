import Render

/// When ``assertSnapshot(of:named:in:configuration:record:)`` writes the reference image.
public enum SnapshotRecordMode: Hashable, Sendable {
    /// Record the reference when it does not exist yet, otherwise compare (the default).
    case missing
    /// Always overwrite the reference with the actual image, without comparing.
    case all
    /// Never write the reference; a missing reference is an error (for CI).
    case never
}
