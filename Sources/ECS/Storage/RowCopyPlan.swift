/// The columns a row operation copies, grouped by ``Column/CopyKind`` once (when a table or a
/// spawn bundle is built), so that a destroy or a spawn copies each plain-bits value with
/// fixed-width loads and stores instead of dispatching on the column's layout per value.
///
/// Each entry names its column by address (a table's column buffer never moves) and, for a
/// spawn bundle, the byte offset of the value in the bundle's tuple. The entries live in a raw
/// buffer, so copying a plan costs no reference counting; its owner (a ``TableStorage`` or a
/// ``SpawnBundle``) frees it with ``deallocate()`` exactly once.
@safe @usableFromInline
struct RowCopyPlan {
    /// One column of the plan: a raw view, used only while the column's table lives.
    @safe @usableFromInline
    struct Entry {
        /// The column, inside its table's column buffer.
        @usableFromInline let column: UnsafeMutablePointer<Column>
        /// Byte offset of the column's value in a source record (0 when the source is a row).
        @usableFromInline let offset: Int
    }

    /// The entries: four-byte columns, then eight-byte, then two-word, then general ones.
    @usableFromInline let entries: UnsafeMutableBufferPointer<Entry>
    /// End of the four-byte entries.
    @usableFromInline let fourByteEnd: Int
    /// End of the eight-byte entries.
    @usableFromInline let eightByteEnd: Int
    /// End of the two-word entries; the general ones follow.
    @usableFromInline let wordPairEnd: Int

    /// A plan over `count` columns, `column(i)` giving the `i`-th column and its source
    /// offset, grouped by copy kind; within a group the given order is kept. Allocates only the
    /// entries (a table or a bundle is built in the timed frame of a world's first spawn).
    init(count: Int, _ column: (Int) -> (column: UnsafeMutablePointer<Column>, offset: Int)) {
        // SAFETY: the buffer is allocated for `count` entries; each input column lands in exactly
        // one group, so the four passes initialise `0..<count` once each; `deallocate()` frees
        // it. Every column pointer addresses an initialised column of a live table.
        unsafe entries = .allocate(capacity: count)
        var ends = (0, 0, 0)
        var filled = 0
        // The kinds in their declared order (raw values 0...3), without an array to allocate.
        for rawKind in Column.CopyKind.fourBytes.rawValue...Column.CopyKind.general.rawValue {
            // Cannot be nil: every raw value from the first case's to the last's names a case.
            let kind = Column.CopyKind(rawValue: rawKind)!
            for i in 0..<count {
                let (pointer, offset) = unsafe column(i)
                guard unsafe pointer.pointee.copyKind == kind else { continue }
                unsafe (entries.baseAddress.unsafelyUnwrapped + filled).initialize(to: Entry(column: pointer, offset: offset))
                filled += 1
            }
            switch kind {
            case .fourBytes: ends.0 = filled
            case .eightBytes: ends.1 = filled
            case .twoEightByteWords: ends.2 = filled
            case .general: break
            }
        }
        fourByteEnd = ends.0
        eightByteEnd = ends.1
        wordPairEnd = ends.2
    }

    /// Frees the entries; the plan must not be used afterwards.
    @unsafe func deallocate() {
        // SAFETY: the buffer was allocated by `init`; the owner frees each plan once.
        unsafe entries.deallocate()
    }

    /// The entries of general columns (wider than 16 bytes, or owning references), which the
    /// caller moves with the column's own operations.
    @inlinable
    var generalEntries: UnsafeMutableBufferPointer<Entry> {
        // SAFETY: `wordPairEnd...entries.count` lies inside the buffer.
        unsafe UnsafeMutableBufferPointer(rebasing: entries[wordPairEnd...])
    }

    /// Copies the plain-bits values of row `source` into `row` of the same columns, which
    /// must both be inside every column's buffer, for the entries before the general ones.
    @unsafe @inlinable @inline(__always)
    func copyPlainBits(fromRow source: Int, to row: Int) {
        unsafe copyPlainBits(to: row, fromRow: source, orRecord: nil)
    }

    /// Initialises `row` of the columns with the plain-bits values of the record at `record`
    /// (each at its entry's offset), for the entries before the general ones. `row` must be
    /// inside every column's buffer.
    @unsafe @inlinable @inline(__always)
    func initializePlainBits(_ row: Int, from record: UnsafeMutableRawPointer) {
        unsafe copyPlainBits(to: row, fromRow: 0, orRecord: record)
    }

    /// The copy of ``copyPlainBits(fromRow:to:)`` (when `record` is nil) and
    /// ``initializePlainBits(_:from:)``; inlined into each, where `record` is known to be or
    /// not to be nil, so the choice of source costs nothing per entry.
    ///
    /// Values whose size is a multiple of four move as four-byte words. The source was often
    /// written just before, by other code (a spawn's caller building the record field by
    /// field, or the spawn that filled the last row which a destroy now moves): a load inside
    /// one earlier store is forwarded from the store buffer, while a wider load spanning two
    /// stores is not and waits for every older store (the cache-missing ones included) to reach
    /// the cache.
    @unsafe @inlinable @inline(__always)
    func copyPlainBits(to row: Int, fromRow sourceRow: Int, orRecord record: UnsafeMutableRawPointer?) {
        // SAFETY: the entries are initialised and their columns live as long as the owner; a
        // four-byte (eight-byte) column has a stride of four (eight) bytes, since a size that
        // is a multiple of the alignment is the stride; the caller keeps both rows inside the
        // buffers and the record laid out as the offsets say.
        let first = unsafe entries.baseAddress.unsafelyUnwrapped
        var index = 0
        while index < fourByteEnd {
            let entry = unsafe first[index]
            let base = unsafe entry.column.pointee.base
            let source = unsafe record.map { unsafe $0 + entry.offset } ?? base + sourceRow &* 4
            unsafe Self.copyWord(from: source, to: base + row &* 4, at: 0)
            index &+= 1
        }
        // Eight-byte values move as their low words, then their high words, in separate passes
        // over the columns: two adjacent word copies in one pass would be merged by the
        // compiler into one eight-byte copy.
        var half = 0
        while half < 8 {
            index = fourByteEnd
            while index < eightByteEnd {
                let entry = unsafe first[index]
                let base = unsafe entry.column.pointee.base
                let source = unsafe record.map { unsafe $0 + entry.offset } ?? base + sourceRow &* 8
                unsafe Self.copyWord(from: source, to: base + row &* 8, at: half)
                index &+= 1
            }
            half &+= 4
        }
        while index < wordPairEnd {
            let entry = unsafe first[index]
            let column = unsafe entry.column.pointee
            let source = unsafe record.map { unsafe $0 + entry.offset } ?? column.base + sourceRow &* column.stride
            let destination = unsafe column.base + row &* column.stride
            if column.size & 3 == 0 {
                var offset = 0
                while offset < column.size {
                    unsafe Self.copyWord(from: source, to: destination, at: offset)
                    offset &+= 4
                }
            } else {
                unsafe Column.copyWords(UInt64.self, column.size, from: source, to: destination)
            }
            index &+= 1
        }
    }

    /// Copies the four bytes at `offset` of `source` to the same offset of `destination`.
    @unsafe @inlinable @inline(__always)
    static func copyWord(from source: UnsafeMutableRawPointer, to destination: UnsafeMutableRawPointer, at offset: Int) {
        // SAFETY: the caller passes values of at least `offset + 4` bytes at both addresses;
        // unaligned loads and `storeBytes` of plain bits need no alignment.
        unsafe destination.storeBytes(
            of: source.loadUnaligned(fromByteOffset: offset, as: UInt32.self), toByteOffset: offset, as: UInt32.self)
    }
}
