/// Reads the ``SnapshotEncoding/binary`` layout into a ``SnapshotImage``, checking the magic,
/// version, flags and checksum before any count, and every count against the bytes left
/// before it sizes anything.
enum BinarySnapshotDecoder {
    /// The image of the binary snapshot `bytes`, its component values decoded with `schema`.
    /// - Throws: ``ECSError/Code-swift.enum/corruptSnapshot`` saying what is wrong.
    static func decode(_ bytes: [UInt8], schema: SnapshotSchema) throws(ECSError) -> SnapshotImage {
        let magic = BinarySnapshotFormat.magic
        guard bytes.count >= magic.count, bytes.starts(with: magic) else {
            if magic.starts(with: bytes) {
                throw ECSError(.corruptSnapshot, "snapshot truncated: \(bytes.count) bytes, not even its magic")
            }
            throw ECSError(.corruptSnapshot, "not a binary world snapshot: the bytes do not start with its magic")
        }
        // SAFETY: the bytes stay alive and unchanged while the reader, confined to the closure, reads them.
        return try unsafe bytes.withUnsafeBytes { raw in Result { () throws(ECSError) in try unsafe decode(raw, schema: schema) } }.get()
    }

    /// ``decode(_:schema:)`` after the magic, over the bytes' memory.
    private static func decode(_ raw: UnsafeRawBufferPointer, schema: SnapshotSchema) throws(ECSError) -> SnapshotImage {
            let magic = BinarySnapshotFormat.magic
            var reader = unsafe SnapshotReader(raw, offset: magic.count)
            let version = try reader.read(UInt16.self)
            guard version == BinarySnapshotFormat.version else {
                throw ECSError(
                    .corruptSnapshot,
                    "snapshot format version \(version) is not supported (this build reads version \(BinarySnapshotFormat.version))")
            }
            let flags = try reader.read(UInt16.self)
            guard flags == 0 else { throw ECSError(.corruptSnapshot, "snapshot flags are \(flags); this version defines none") }
            guard raw.count >= BinarySnapshotFormat.headerSize + BinarySnapshotFormat.checksumSize else {
                throw ECSError(.corruptSnapshot, "snapshot truncated: \(raw.count) bytes, shorter than its header and checksum")
            }
            let body = raw.count - BinarySnapshotFormat.checksumSize
            let stored = UInt64(littleEndian: unsafe raw.loadUnaligned(fromByteOffset: body, as: UInt64.self))
            guard unsafe SnapshotChecksum.of(UnsafeRawBufferPointer(rebasing: raw[..<body])) == stored else {
                throw ECSError(.corruptSnapshot, "snapshot checksum does not match: the bytes are damaged or truncated")
            }
            var content = unsafe SnapshotReader(UnsafeRawBufferPointer(rebasing: raw[..<body]), offset: reader.offset)
            return try readContent(&content, schema: schema)
    }

    /// Reads the counts, slots, lists and sections after the flags, up to the checksum.
    private static func readContent(_ reader: inout SnapshotReader, schema: SnapshotSchema) throws(ECSError) -> SnapshotImage {
        let slotCount = Int(try reader.read(UInt32.self))
        let freeCount = Int(try reader.read(UInt32.self))
        let pendingCount = Int(try reader.read(UInt32.self))
        let sectionCount = Int(try reader.read(UInt32.self))
        let listed = slotCount * BinarySnapshotFormat.slotSize + (freeCount + pendingCount) * 4
        guard listed <= reader.remaining else {
            throw ECSError(
                .corruptSnapshot,
                "snapshot counts \(slotCount) slots and \(freeCount + pendingCount) free ids, \(listed) bytes, but only \(reader.remaining) remain")
        }
        var image = SnapshotImage()
        image.generations.reserveCapacity(slotCount)
        image.alive.reserveCapacity(slotCount)
        for _ in 0..<slotCount {
            image.generations.append(try reader.read(UInt32.self))
            image.alive.append(try reader.read(Bool.self))
        }
        image.free = try readIndices(&reader, count: freeCount)
        image.pending = try readIndices(&reader, count: pendingCount)
        for _ in 0..<sectionCount {
            let length = Int(try reader.read(UInt16.self))
            guard let name = String(validating: try reader.takeBytes(length), as: UTF8.self) else {
                throw ECSError(.corruptSnapshot, "snapshot component name at offset \(reader.offset - length) is not valid UTF-8")
            }
            guard let codec = schema.codec(named: name) else {
                throw ECSError(
                    .corruptSnapshot, "snapshot holds component \"\(name)\", which the schema does not register",
                    metadata: ["component": name])
            }
            let formByte = try reader.read(UInt8.self)
            guard let form = SnapshotValueForm(rawValue: formByte) else {
                throw ECSError(.corruptSnapshot, "snapshot stores component \"\(name)\" in unknown value form \(formByte)")
            }
            let count = Int(try reader.read(UInt32.self))
            guard count <= reader.remaining / 4 else {
                throw ECSError(.corruptSnapshot, "snapshot counts \(count) \"\(name)\" values, but only \(reader.remaining) bytes remain")
            }
            image.sections.append(try codec.readBinary(&reader, count, form))
        }
        guard reader.remaining == 0 else {
            throw ECSError(.corruptSnapshot, "snapshot has \(reader.remaining) unread bytes before its checksum")
        }
        return image
    }

    /// `count` entity indices (the caller checked that their bytes are present).
    private static func readIndices(_ reader: inout SnapshotReader, count: Int) throws(ECSError) -> [UInt32] {
        var indices: [UInt32] = []
        indices.reserveCapacity(count)
        for _ in 0..<count { indices.append(try reader.read(UInt32.self)) }
        return indices
    }
}
