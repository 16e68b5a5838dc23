/// The byte sink a ``SnapshotBinaryCodable`` component writes its fields to: little-endian
/// scalars appended to one growing buffer, each a capacity compare and one store.
///
/// A writer is made by ``SnapshotSchema`` for one save and handed to components `inout`; it
/// cannot be copied, and it owns its buffer, which it frees when the save is done.
@safe
public struct SnapshotWriter: ~Copyable {
    /// Start of the buffer; bytes `0..<count` are written.
    @usableFromInline var base: UnsafeMutableRawPointer
    /// Bytes written.
    @usableFromInline var count = 0
    /// Bytes the buffer holds.
    @usableFromInline var capacity: Int

    /// An empty writer with room for `capacity` bytes (at least 64).
    init(capacity: Int) {
        self.capacity = Swift.max(capacity, 64)
        // SAFETY: a fresh buffer of `capacity` bytes, owned by the writer and freed in `deinit`.
        unsafe base = .allocate(byteCount: self.capacity, alignment: 8)
    }

    deinit {
        // SAFETY: the buffer was allocated in `init` or `grow` and is freed once, here.
        unsafe base.deallocate()
    }

    /// Appends a fixed-width integer, little-endian.
    @inlinable @inline(__always)
    public mutating func write<T: FixedWidthInteger>(_ value: T) {
        append(value.littleEndian)
    }

    /// Appends a `Float` as its IEEE 754 bits, little-endian.
    @inlinable @inline(__always)
    public mutating func write(_ value: Float) {
        append(value.bitPattern.littleEndian)
    }

    /// Appends a `Double` as its IEEE 754 bits, little-endian.
    @inlinable @inline(__always)
    public mutating func write(_ value: Double) {
        append(value.bitPattern.littleEndian)
    }

    /// Appends a `Bool` as one byte, 0 or 1.
    @inlinable @inline(__always)
    public mutating func write(_ value: Bool) {
        append(UInt8(value ? 1 : 0))
    }

    /// Appends a string as its UTF-8 byte count (a `UInt32`) and its bytes.
    public mutating func write(_ value: String) {
        write(UInt32(truncatingIfNeeded: value.utf8.count))
        writeBytes(value.utf8)
    }

    /// Appends bytes as they are.
    mutating func writeBytes(_ bytes: some Collection<UInt8>) {
        reserve(bytes.count)
        for byte in bytes { append(byte) }
    }

    /// Appends the bytes of a plain-bits value already in little-endian order.
    @inlinable @inline(__always)
    mutating func append<T: FixedWidthInteger>(_ bits: T) {
        if _slowPath(count &+ MemoryLayout<T>.size > capacity) { grow(MemoryLayout<T>.size) }
        // SAFETY: the buffer has room for the value after `count` (grown above when needed);
        // an unaligned store of an integer's bytes needs no alignment.
        unsafe base.storeBytes(of: bits, toByteOffset: count, as: T.self)
        count &+= MemoryLayout<T>.size
    }

    /// Overwrites the four bytes at `offset` (already written) with `value`, little-endian:
    /// a count written before the items it counts.
    mutating func patch(_ value: UInt32, at offset: Int) {
        precondition(offset >= 0 && offset + 4 <= count, "patch at \(offset) outside \(count) written bytes")
        // SAFETY: the four bytes lie inside the written prefix (checked above).
        unsafe base.storeBytes(of: value.littleEndian, toByteOffset: offset, as: UInt32.self)
    }

    /// Makes room for `bytes` more bytes.
    mutating func reserve(_ bytes: Int) {
        if count + bytes > capacity { grow(bytes) }
    }

    /// Reallocates the buffer for at least `needed` more bytes (and at least twice the size).
    @usableFromInline @inline(never)
    mutating func grow(_ needed: Int) {
        let newCapacity = Swift.max(count + needed, capacity * 2)
        // SAFETY: the fresh buffer holds `newCapacity >= count` bytes; the written ones move over
        // before the old buffer is freed.
        let fresh = UnsafeMutableRawPointer.allocate(byteCount: newCapacity, alignment: 8)
        unsafe fresh.copyMemory(from: base, byteCount: count)
        unsafe base.deallocate()
        unsafe base = fresh
        capacity = newCapacity
    }

    /// The written bytes, as a read-only view valid for the duration of `body`.
    @unsafe func withBytes<R>(_ body: (UnsafeRawBufferPointer) -> R) -> R {
        // SAFETY: bytes `0..<count` are written and the buffer lives as long as the writer,
        // which the borrow keeps alive and unchanged while `body` runs.
        unsafe body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// Replaces the contents of `bytes` with the written bytes, keeping its capacity.
    func copy(into bytes: inout [UInt8]) {
        bytes.removeAll(keepingCapacity: true)
        // SAFETY: bytes `0..<count` are written; the array copies them before this returns.
        unsafe bytes.append(contentsOf: UnsafeRawBufferPointer(start: base, count: count))
    }
}
