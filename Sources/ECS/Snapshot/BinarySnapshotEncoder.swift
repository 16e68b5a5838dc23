/// Writes a world in the ``SnapshotEncoding/binary`` layout.
enum BinarySnapshotEncoder {
    /// Replaces `bytes` with the binary snapshot of `world` over `codecs` (in name order).
    static func encode(_ world: World, codecs: [SnapshotComponentCodec], into bytes: inout [UInt8]) throws(ECSError) {
        let slotCount = world.slots.count
        var writer = SnapshotWriter(capacity: Swift.max(bytes.capacity, BinarySnapshotFormat.headerSize + slotCount * 8))
        let lists = world.snapshotFreeLists
        for byte in BinarySnapshotFormat.magic { writer.write(byte) }
        writer.write(BinarySnapshotFormat.version)
        writer.write(UInt16(0))
        writer.write(UInt32(slotCount))
        writer.write(UInt32(lists.free.count))
        writer.write(UInt32(lists.pending.count))
        let saved = codecs.filter { world.hasSnapshotValues(of: $0.type) }
        writer.write(UInt32(saved.count))
        world.forEachSnapshotSlot { generation, alive in
            writer.write(generation)
            writer.write(alive)
        }
        for index in lists.free { writer.write(index) }
        for index in lists.pending { writer.write(index) }
        for codec in saved {
            writer.write(UInt16(codec.name.utf8.count))
            for byte in codec.name.utf8 { writer.write(byte) }
            writer.write(codec.form.rawValue)
            let countOffset = writer.count
            writer.write(UInt32(0))
            let count = try codec.writeBinary(world, &writer)
            writer.patch(UInt32(count), at: countOffset)
        }
        // SAFETY: the checksum reads the written bytes while the writer lends them.
        writer.write(unsafe writer.withBytes { unsafe SnapshotChecksum.of($0) })
        writer.copy(into: &bytes)
    }
}
