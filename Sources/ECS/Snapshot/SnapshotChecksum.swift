/// The checksum that ends a binary snapshot: four interleaved multiply-xor lanes over the
/// little-endian 8-byte words of the bytes before it, then the last bytes one at a time.
///
/// Each step `h = (h ^ word) &* prime` is a bijection of `h` for a given word (the prime is
/// odd), so any change confined to one word, every single bit flip included, changes its lane
/// and therefore the result; the four independent lanes keep the multiplies pipelined (a
/// 100 KB snapshot sums in a few microseconds). It detects damage, not tampering: it is not a
/// cryptographic hash.
public enum SnapshotChecksum {
    /// The checksum of the bytes `bytes` views, which must stay valid for the call.
    @unsafe static func of(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
        let prime: UInt64 = 0x100_0000_01b3
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (0xcbf2_9ce4_8422_2325, 0x8422_2325_cbf2_9ce4, 0x9e37_79b9_7f4a_7c15, 0x7f4a_7c15_9e37_79b9)
        let words = bytes.count / 8
        var word = 0
        // SAFETY (the loads): every word read starts at `8 * word` with `word < words`, so its
        // 8 bytes lie inside `bytes`; unaligned loads need no alignment.
        while word + 4 <= words {
            lanes.0 = (lanes.0 ^ UInt64(littleEndian: unsafe bytes.loadUnaligned(fromByteOffset: word * 8, as: UInt64.self))) &* prime
            lanes.1 = (lanes.1 ^ UInt64(littleEndian: unsafe bytes.loadUnaligned(fromByteOffset: word * 8 + 8, as: UInt64.self))) &* prime
            lanes.2 = (lanes.2 ^ UInt64(littleEndian: unsafe bytes.loadUnaligned(fromByteOffset: word * 8 + 16, as: UInt64.self))) &* prime
            lanes.3 = (lanes.3 ^ UInt64(littleEndian: unsafe bytes.loadUnaligned(fromByteOffset: word * 8 + 24, as: UInt64.self))) &* prime
            word += 4
        }
        while word < words {
            lanes.0 = (lanes.0 ^ UInt64(littleEndian: unsafe bytes.loadUnaligned(fromByteOffset: word * 8, as: UInt64.self))) &* prime
            word += 1
        }
        for offset in (words * 8)..<bytes.count {
            lanes.1 = (lanes.1 ^ UInt64(unsafe bytes[offset])) &* prime
        }
        return lanes.0 ^ (lanes.1 << 17 | lanes.1 >> 47) ^ (lanes.2 << 31 | lanes.2 >> 33) ^ (lanes.3 << 47 | lanes.3 >> 17) ^ UInt64(bytes.count)
    }

    /// The checksum of `bytes`.
    public static func of(_ bytes: [UInt8]) -> UInt64 {
        // SAFETY: the array's bytes are valid while it lends them.
        unsafe bytes.withUnsafeBytes { unsafe of($0) }
    }
}
