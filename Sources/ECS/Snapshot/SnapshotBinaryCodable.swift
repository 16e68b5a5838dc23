/// A component with a binary form of its own: the fields written to a ``SnapshotWriter`` in a
/// fixed order and read back from a ``SnapshotReader`` in the same order.
///
/// ```swift
/// struct Position: Codable, SnapshotBinaryCodable {
///     var x, y: Float
///     func encode(to writer: inout SnapshotWriter) { writer.write(x); writer.write(y) }
///     init(from reader: inout SnapshotReader) throws(ECSError) { x = try reader.read(); y = try reader.read() }
/// }
/// ```
///
/// A component registered with ``SnapshotSchema`` needs only `Codable`; in a binary snapshot
/// each of its values is then stored as JSON text, which is correct but slow: Codable goes
/// through keyed containers, allocations and type-erased calls for every field. This protocol
/// is the fast path. Its methods are specialised for the component where the schema registers
/// it, so saving a value is a few stores into the writer's buffer, and loading it a few
/// bounds-checked loads. Binary snapshots of a component that conforms hold this form; a
/// loader still reads the JSON-per-value form of older snapshots.
///
/// The order and width of the fields are the format: change them and bump the name the
/// component is registered under, so that an old snapshot is refused instead of misread.
public protocol SnapshotBinaryCodable {
    /// Writes the value's fields.
    func encode(to writer: inout SnapshotWriter)
    /// Reads the fields ``encode(to:)`` writes, in the same order; throws
    /// ``ECSError/Code-swift.enum/corruptSnapshot`` for bytes that are not a valid value.
    init(from reader: inout SnapshotReader) throws(ECSError)
}
