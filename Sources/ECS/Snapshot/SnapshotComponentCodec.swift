/// The snapshot operations of one registered component type, made where the type is known
/// (``SnapshotSchema``'s registration, inlined into the caller), so that each loop over a
/// component's values is specialised for it; the encoders call them without knowing the type.
@usableFromInline
struct SnapshotComponentCodec: Sendable {
    /// The stable name the component is saved under.
    @usableFromInline let name: String
    /// The Swift type.
    @usableFromInline let type: Any.Type
    /// How a binary snapshot stores the values.
    @usableFromInline let form: SnapshotValueForm
    /// Writes each entity index and value of the world's components of this type, in
    /// ascending index order; returns how many.
    @usableFromInline let writeBinary: @Sendable (World, inout SnapshotWriter) throws(ECSError) -> Int
    /// Reads `count` entries of the given form into a staged section.
    @usableFromInline let readBinary: @Sendable (inout SnapshotReader, Int, SnapshotValueForm) throws(ECSError) -> any StagedComponents
    /// Writes the JSON entries of the world's components of this type (``JSONSnapshotSection``).
    @usableFromInline let encodeJSON: @Sendable (World, SnapshotJSONEncoder) throws(ECSError) -> Void
    /// Reads the JSON entries at a token of the decoder's tape into a staged section.
    @usableFromInline let decodeJSON: @Sendable (SnapshotJSONDecoder, Int) throws(ECSError) -> any StagedComponents

    @inlinable
    init(
        name: String, type: Any.Type, form: SnapshotValueForm,
        writeBinary: @escaping @Sendable (World, inout SnapshotWriter) throws(ECSError) -> Int,
        readBinary: @escaping @Sendable (inout SnapshotReader, Int, SnapshotValueForm) throws(ECSError) -> any StagedComponents,
        encodeJSON: @escaping @Sendable (World, SnapshotJSONEncoder) throws(ECSError) -> Void,
        decodeJSON: @escaping @Sendable (SnapshotJSONDecoder, Int) throws(ECSError) -> any StagedComponents
    ) {
        self.name = name
        self.type = type
        self.form = form
        self.writeBinary = writeBinary
        self.readBinary = readBinary
        self.encodeJSON = encodeJSON
        self.decodeJSON = decodeJSON
    }
}
