import Platform

/// The component types a world snapshot saves, each under a stable name, and the save and
/// load of whole worlds in the ``SnapshotEncoding/binary`` and ``SnapshotEncoding/json`` forms.
///
/// ```swift
/// var schema = SnapshotSchema()
/// try schema.register(Position.self, name: "Position")
/// try schema.register(Velocity.self, name: "Velocity")
///
/// let bytes = try schema.save(world)            // binary; `as: .json` for JSON
/// let copy = World()
/// try schema.load(bytes, into: copy)            // same ids, same generations
/// try schema.write(world, to: "level.snapshot") // atomically
/// ```
///
/// A snapshot holds every entity slot (index, generation, alive or free, and the order in
/// which freed ids are reused) and, for each live entity, its components of the registered
/// types. **Components of types the schema does not register are not saved**: the loaded
/// entity lacks them. Table and sparse-set components are saved alike and load into the
/// storage the loading world gives their type. Resources and events are not part of a
/// snapshot.
///
/// Components opt in per type, under a name that is part of the format, so that a save
/// survives renaming the Swift type. Any `Codable` type can be registered; a type that also
/// conforms to ``SnapshotBinaryCodable`` gets a fast binary form (otherwise a binary snapshot
/// stores its values as JSON text). A schema is a value: build it once (a plugin can) and use
/// it for any number of worlds and threads.
///
/// Loading is all or nothing. The loader checks the whole snapshot before the world changes
/// (magic, version, checksum, counts against the bytes present, entity ids, component
/// names, values), so a truncated, corrupt or foreign snapshot throws
/// ``ECSError/Code-swift.enum/corruptSnapshot`` and leaves the world without entities.
public struct SnapshotSchema: Sendable {
    /// The registrations, in ascending name order (the order of a snapshot's sections).
    @usableFromInline var codecs: [SnapshotComponentCodec] = []

    /// A schema with no component types: its snapshots hold entities only.
    public init() {}

    /// The registered names, in ascending order.
    public var names: [String] { codecs.map(\.name) }

    /// Registers `Codable` component `C` under `name`. In a binary snapshot each value is
    /// stored as its JSON text; conform `C` to ``SnapshotBinaryCodable`` for a compact, fast
    /// binary form.
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` for an empty name, a name longer
    ///   than 65,535 UTF-8 bytes, or a name or type registered already.
    public mutating func register<C: Codable & SendableMetatype>(_ type: C.Type, name: String) throws(ECSError) {
        try add(SnapshotComponentCodec(
            name: name, type: C.self, form: .json,
            writeBinary: { world, writer throws(ECSError) in
                try world.forEachSnapshotValue(C.self) { (index, value) throws(ECSError) in
                    writer.write(index)
                    try SnapshotJSONValue.write(value, to: &writer, name: name, index: index)
                }
            },
            readBinary: { reader, count, form throws(ECSError) in
                guard form == .json else {
                    throw ECSError(
                        .corruptSnapshot,
                        "snapshot stores component \"\(name)\" in a binary form, but \(C.self) is registered without one (SnapshotBinaryCodable)")
                }
                var section = StagedSection<C>(name: name, capacity: Swift.min(count, reader.remaining / 4))
                for _ in 0..<count {
                    let index = try reader.read(UInt32.self)
                    section.append(try SnapshotJSONValue.read(C.self, from: &reader, name: name, index: index), of: index)
                }
                return section
            },
            encodeJSON: Self.jsonEntriesEncoder(C.self, name: name),
            decodeJSON: Self.jsonEntriesDecoder(C.self, name: name)))
    }

    /// Registers component `C` under `name`, with its ``SnapshotBinaryCodable`` form in binary
    /// snapshots and its `Codable` form in JSON ones. Inlinable, so that the loops over `C`'s
    /// values are specialised for `C` here.
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` for an empty name, a name longer
    ///   than 65,535 UTF-8 bytes, or a name or type registered already.
    @inlinable
    public mutating func register<C: Codable & SnapshotBinaryCodable & SendableMetatype>(_ type: C.Type, name: String) throws(ECSError) {
        try add(SnapshotComponentCodec(
            name: name, type: C.self, form: .fields,
            writeBinary: { world, writer in
                world.forEachSnapshotValue(C.self) { index, value in
                    writer.write(index)
                    value.encode(to: &writer)
                }
            },
            readBinary: { reader, count, form throws(ECSError) in
                var section = StagedSection<C>(name: name, capacity: Swift.min(count, reader.remaining / 4))
                for _ in 0..<count {
                    let index = try reader.read(UInt32.self)
                    let value: C
                    if form == .fields {
                        do throws(ECSError) { value = try C(from: &reader) } catch { throw Self.valueError(error, name: name, index: index) }
                    } else {
                        value = try SnapshotJSONValue.read(C.self, from: &reader, name: name, index: index)
                    }
                    section.append(value, of: index)
                }
                return section
            },
            encodeJSON: Self.jsonEntriesEncoder(C.self, name: name),
            decodeJSON: Self.jsonEntriesDecoder(C.self, name: name)))
    }

    /// Writes the world's `C` values as JSON entries.
    @inlinable
    static func jsonEntriesEncoder<C: Codable & SendableMetatype>(_: C.Type, name: String) -> @Sendable (World, SnapshotJSONEncoder) throws(ECSError) -> Void {
        { world, encoder throws(ECSError) in try JSONSnapshotSection.write(C.self, of: world, name: name, to: encoder) }
    }

    /// Reads a list of JSON entries of `C` into a staged section.
    @inlinable
    static func jsonEntriesDecoder<C: Codable & SendableMetatype>(_: C.Type, name: String) -> @Sendable (SnapshotJSONDecoder, Int) throws(ECSError) -> any StagedComponents {
        { decoder, array throws(ECSError) in try JSONSnapshotSection.read(C.self, name: name, array: array, from: decoder) }
    }

    /// The load error for a component value that failed to decode: a truncation as it is,
    /// anything else as a corrupt snapshot naming the component and entity.
    @usableFromInline
    static func valueError(_ error: ECSError, name: String, index: UInt32) -> ECSError {
        if error.code == .corruptSnapshot && error.message.hasPrefix("snapshot truncated") { return error }
        return ECSError(
            .corruptSnapshot, "component \"\(name)\" of entity index \(index) does not decode: \(error.message)",
            metadata: ["component": name])
    }

    /// Adds a registration, keeping the list in name order.
    @usableFromInline
    mutating func add(_ codec: SnapshotComponentCodec) throws(ECSError) {
        guard !codec.name.isEmpty, codec.name.utf8.count <= Int(UInt16.max) else {
            throw ECSError(.invalidArgument, "a snapshot component name must have 1 to \(UInt16.max) UTF-8 bytes (got \(codec.name.utf8.count))")
        }
        if let existing = codecs.first(where: { $0.name == codec.name }) {
            throw ECSError(.invalidArgument, "snapshot component name \"\(codec.name)\" is taken by \(existing.type)")
        }
        if let existing = codecs.first(where: { $0.type == codec.type }) {
            throw ECSError(.invalidArgument, "\(codec.type) is registered for snapshots already, as \"\(existing.name)\"")
        }
        codecs.insert(codec, at: codecs.firstIndex { codec.name.utf8.lexicographicallyPrecedes($0.name.utf8) } ?? codecs.endIndex)
    }

    /// The registration named `name`.
    func codec(named name: String) -> SnapshotComponentCodec? {
        codecs.first { $0.name == name }
    }

    // MARK: Save and load

    /// The snapshot of `world` in `encoding`.
    /// - Throws: ``ECSError/Code-swift.enum/invalidArgument`` while a query loop or system
    ///   batch runs on the world, or for a value its `Codable` conformance cannot encode (a
    ///   JSON snapshot of a non-finite `Float`, for example).
    public func save(_ world: World, as encoding: SnapshotEncoding = .binary) throws(ECSError) -> [UInt8] {
        var bytes: [UInt8] = []
        try save(world, as: encoding, into: &bytes)
        return bytes
    }

    /// Replaces the contents of `bytes` with the snapshot of `world` in `encoding`, keeping the
    /// array's capacity, so that a world saved every frame keeps one buffer for its snapshots.
    /// - Throws: The errors of ``save(_:as:)``.
    public func save(_ world: World, as encoding: SnapshotEncoding = .binary, into bytes: inout [UInt8]) throws(ECSError) {
        try world.checkSavable()
        switch encoding {
        case .binary: try BinarySnapshotEncoder.encode(world, codecs: codecs, into: &bytes)
        case .json: try JSONSnapshotCoding.encode(world, codecs: codecs, into: &bytes)
        }
    }

    /// Loads the snapshot `bytes` (in `encoding`) into the empty `world`: every saved entity
    /// with its id, generation and registered components, and the saved order of id reuse.
    /// - Throws: ``ECSError/Code-swift.enum/corruptSnapshot`` for bytes that are not a
    ///   complete, valid snapshot of this format (the message says what is wrong; a component
    ///   name the schema lacks is in its `component` metadata);
    ///   ``ECSError/Code-swift.enum/invalidArgument`` when `world` has ever spawned an entity;
    ///   ``ECSError/Code-swift.enum/structuralChangeDuringIteration`` inside a query loop. On
    ///   any error the world is left without entities.
    public func load(_ bytes: [UInt8], as encoding: SnapshotEncoding = .binary, into world: World) throws(ECSError) {
        try world.checkRestorable()
        let image: SnapshotImage
        switch encoding {
        case .binary: image = try BinarySnapshotDecoder.decode(bytes, schema: self)
        case .json: image = try JSONSnapshotCoding.decode(bytes, schema: self)
        }
        try world.restore(image)
    }

    /// Saves `world` to the file at `path`, atomically: the snapshot goes to a temporary file
    /// beside it, flushed to the disk, then renamed over `path`, so the file holds the old
    /// snapshot or the new one, never a part of one.
    /// - Throws: The errors of ``save(_:as:)``, and ``ECSError/Code-swift.enum/snapshotFile``
    ///   with the system's reason when the file cannot be written.
    public func write(_ world: World, to path: String, as encoding: SnapshotEncoding = .binary) throws(ECSError) {
        let bytes = try save(world, as: encoding)
        do { try FileAccess.writeFile(bytes, to: path) } catch { throw ECSError(.snapshotFile, error.message) }
    }

    /// Loads the snapshot in the file at `path` into the empty `world`.
    /// - Throws: The errors of ``load(_:as:into:)``, and
    ///   ``ECSError/Code-swift.enum/snapshotFile`` when the file cannot be read.
    public func read(from path: String, as encoding: SnapshotEncoding = .binary, into world: World) throws(ECSError) {
        try world.checkRestorable()
        let bytes: [UInt8]
        do { bytes = try FileAccess.readFile(at: path) } catch { throw ECSError(.snapshotFile, error.message) }
        try load(bytes, as: encoding, into: world)
    }
}
