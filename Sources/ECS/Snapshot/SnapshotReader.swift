/// The byte source a ``SnapshotBinaryCodable`` component reads its fields from: little-endian
/// scalars taken in order from a snapshot's bytes, each read checked against the bytes left.
///
/// A reader is made by ``SnapshotSchema`` for one load and handed to components `inout`; it
/// cannot be copied or made elsewhere, so it never outlives the bytes it reads. Reading past
/// the end throws ``ECSError/Code-swift.enum/corruptSnapshot`` (a truncated snapshot).
@safe
public struct SnapshotReader: ~Copyable {
    /// The bytes being read; valid while the load that made the reader runs.
    @usableFromInline let bytes: UnsafeRawBufferPointer
    /// Offset of the next unread byte.
    @usableFromInline var offset: Int

    /// A reader of `bytes` from `offset`; `bytes` must stay valid while the reader is used.
    @unsafe init(_ bytes: UnsafeRawBufferPointer, offset: Int = 0) {
        unsafe self.bytes = bytes
        self.offset = offset
    }

    /// Bytes not read yet.
    public var remaining: Int { unsafe bytes.count - offset }

    /// Reads a fixed-width integer, little-endian.
    @inlinable @inline(__always)
    public mutating func read<T: FixedWidthInteger>(_: T.Type = T.self) throws(ECSError) -> T {
        T(littleEndian: try take(T.self))
    }

    /// Reads a `Float` from its IEEE 754 bits, little-endian.
    @inlinable @inline(__always)
    public mutating func read(_: Float.Type = Float.self) throws(ECSError) -> Float {
        Float(bitPattern: UInt32(littleEndian: try take(UInt32.self)))
    }

    /// Reads a `Double` from its IEEE 754 bits, little-endian.
    @inlinable @inline(__always)
    public mutating func read(_: Double.Type = Double.self) throws(ECSError) -> Double {
        Double(bitPattern: UInt64(littleEndian: try take(UInt64.self)))
    }

    /// Reads a `Bool` from one byte, which must be 0 or 1.
    @inlinable
    public mutating func read(_: Bool.Type = Bool.self) throws(ECSError) -> Bool {
        switch try take(UInt8.self) {
        case 0: return false
        case 1: return true
        case let byte: throw ECSError(.corruptSnapshot, "snapshot byte \(offset - 1) is \(byte), not a Bool (0 or 1)")
        }
    }

    /// Reads a string as ``SnapshotWriter`` writes one: a `UInt32` byte count,
    /// then that many bytes of valid UTF-8.
    public mutating func read(_: String.Type = String.self) throws(ECSError) -> String {
        let length = Int(try read(UInt32.self))
        let utf8 = try takeBytes(length)
        guard let text = String(validating: utf8, as: UTF8.self) else {
            throw ECSError(.corruptSnapshot, "snapshot bytes \(offset - length)..<\(offset) are not valid UTF-8 text")
        }
        return text
    }

    /// A copy of the next `count` bytes, or a truncation error when fewer are left.
    mutating func takeBytes(_ count: Int) throws(ECSError) -> [UInt8] {
        guard count >= 0, count <= remaining else { throw truncated(needing: count) }
        // SAFETY: `offset..<offset + count` lies inside `bytes` (checked above).
        let copy = unsafe Array(bytes[offset..<(offset + count)])
        offset += count
        return copy
    }

    /// Loads the next `T` (little-endian bits) and moves past it.
    @inlinable @inline(__always)
    mutating func take<T: FixedWidthInteger>(_: T.Type) throws(ECSError) -> T {
        guard _fastPath(unsafe MemoryLayout<T>.size <= bytes.count &- offset) else { throw truncated(needing: MemoryLayout<T>.size) }
        // SAFETY: the value's bytes lie inside `bytes` (checked above); an unaligned load of an
        // integer needs no alignment, and every bit pattern is a valid integer.
        let value = unsafe bytes.loadUnaligned(fromByteOffset: offset, as: T.self)
        offset &+= MemoryLayout<T>.size
        return value
    }

    /// The error for a read of `count` bytes past the end.
    @usableFromInline @inline(never)
    func truncated(needing count: Int) -> ECSError {
        ECSError(.corruptSnapshot, "snapshot truncated: \(count) bytes needed at offset \(offset), \(remaining) left")
    }
}
