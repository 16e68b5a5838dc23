/// How a binary snapshot stores the values of one component type (the byte after its name).
@usableFromInline
enum SnapshotValueForm: UInt8, Sendable {
    /// The component's ``SnapshotBinaryCodable`` fields.
    case fields = 0
    /// Each value as its JSON text: a `UInt32` byte count, then the UTF-8 bytes.
    case json = 1
}
