/// Rewrites the CRC of every complete chunk of a PNG stream so that it matches the chunk.
///
/// libpng rejects a critical chunk whose CRC fails before reading it, and libpng is not
/// instrumented, so libFuzzer cannot learn to fix CRCs itself: without this, almost every
/// mutation would stop at the checksum and the chunk parsers behind it would go untested.
enum PNGChunkRepair {
    /// The CRC-32 (ISO 3309, as PNG uses it) table, one entry per byte value.
    private static let table: [UInt32] = (0..<256).map { byte in
        (0..<8).reduce(UInt32(byte)) { crc, _ in crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
    }

    /// Repairs the CRCs in `bytes` in place; stops at the first chunk that does not fit.
    static func repair(_ bytes: inout [UInt8]) {
        var offset = 8
        while offset + 12 <= bytes.count {
            let length = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            let end = offset + 8 + length
            guard end + 4 <= bytes.count else { return }
            let crc = ~bytes[offset + 4..<end].reduce(~UInt32(0)) { crc, byte in
                table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
            }
            for index in 0..<4 {
                bytes[end + index] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * index))
            }
            offset = end + 4
        }
    }
}
