/// The constants of the binary snapshot layout that ``SnapshotEncoding/binary`` documents.
enum BinarySnapshotFormat {
    /// The first eight bytes of every binary snapshot.
    static let magic: [UInt8] = [0x89, 0x45, 0x43, 0x53, 0x53, 0x4E, 0x50, 0x0A]
    /// The format version this build writes and reads.
    static let version: UInt16 = 1
    /// Bytes before the slots: magic, version, flags and four counts.
    static let headerSize = 28
    /// Bytes of the trailing checksum.
    static let checksumSize = 8
    /// Bytes of one slot: generation and alive flag.
    static let slotSize = 5
}
