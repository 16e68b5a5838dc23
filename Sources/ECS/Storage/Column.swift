/// One component's storage in a table: a contiguous, cache-line aligned buffer of values plus
/// the version of its last write.
///
/// The layout facts the hot paths need (size, stride, plain-bits) are copied in, so moving
/// rows of plain-bits components never touches the type object.
///
/// A column is a raw view: it neither owns its buffer nor knows which rows are initialised
/// (its ``TableStorage`` does), and its row accessors check `row` against ``capacity`` only
/// with `assert`, in debug builds. Holding one is safe; every operation on its rows is unsafe
/// (by its pointer types, or marked `@unsafe`): callers keep rows inside the buffer and the
/// initialised rows, and use a column only while its table is alive.
@safe @usableFromInline
struct Column {
    /// Layout and operations of the stored type (kept alive by the table that owns the column).
    @usableFromInline unowned(unsafe) let type: ComponentType
    /// Start of the buffer; rows `0..<table.count` are initialised.
    @usableFromInline var base: UnsafeMutableRawPointer
    /// Rows the buffer at ``base`` can hold (0 while nothing is allocated).
    @usableFromInline var capacity: Int
    /// World version of the last write to any value in this column.
    @usableFromInline var version: UInt64
    /// `MemoryLayout.size` of the stored type: the bytes a plain-bits move copies.
    @usableFromInline let size: Int
    /// `MemoryLayout.stride` of the stored type.
    @usableFromInline let stride: Int
    /// Whether values are plain bits (see ``ComponentType/isTrivial``).
    @usableFromInline let isTrivial: Bool
    /// How row moves copy a value, decided once from the layout.
    @usableFromInline let copyKind: CopyKind

    /// How a value moves between rows.
    @usableFromInline
    enum CopyKind: UInt8 {
        /// Plain bits of exactly 4 bytes: one 4-byte word.
        case fourBytes
        /// Plain bits of exactly 8 bytes: one 8-byte word.
        case eightBytes
        /// Plain bits of 9...16 bytes: two possibly overlapping 8-byte words.
        case twoEightByteWords
        /// Any other size, or a type that owns references: the general move.
        case general

        init(_ type: ComponentType) {
            switch (type.isTrivial, type.size) {
            case (true, 4): self = .fourBytes
            case (true, 8): self = .eightBytes
            case (true, 9...16): self = .twoEightByteWords
            default: self = .general
            }
        }
    }

    /// A column of `type` with no buffer yet (``capacity`` 0) and write version `version`.
    init(type: ComponentType, version: UInt64) {
        // SAFETY: the owning ``Table`` holds `type` strongly for as long as the column exists.
        unsafe self.type = type
        // SAFETY: an aligned, non-null placeholder that is never dereferenced: with capacity 0
        // every row access fails its assert, and the table replaces it before the first row.
        // The literal is not zero, so the optional is never nil.
        unsafe base = UnsafeMutableRawPointer(bitPattern: TableStorage.bufferAlignment)!
        capacity = 0
        self.version = version
        size = type.size
        stride = type.stride
        isTrivial = type.isTrivial
        copyKind = CopyKind(type)
    }

    /// Address of `row`, which may be one past the last row of the buffer (the end of an
    /// empty range) but not beyond.
    @inlinable
    func pointer(at row: Int) -> UnsafeMutableRawPointer {
        assert(row >= 0 && row <= capacity, "row \(row) outside a column of \(capacity) rows")
        // SAFETY: `row` is at most `capacity` (asserted above), so the address lies inside the
        // buffer or one past its end.
        return unsafe base + row &* stride
    }

    /// Address of `row`, which must hold a value or be about to receive one.
    @inlinable @inline(__always)
    func element(at row: Int) -> UnsafeMutableRawPointer {
        assert(row >= 0 && row < capacity, "row \(row) outside a column of \(capacity) rows")
        // SAFETY: `row` is below `capacity` (asserted above), so the address is a row of the buffer.
        return unsafe base + row &* stride
    }

    /// Moves one value of the column's type from `source` into the uninitialised
    /// `destination`, leaving `source` uninitialised: the one move every row operation uses.
    /// Both addresses must be rows of columns of this type (or values of it).
    @inlinable @inline(__always)
    func move(from source: UnsafeMutableRawPointer, to destination: UnsafeMutableRawPointer) {
        // SAFETY: the caller passes one initialised value of the column's type at `source` and
        // room for one at `destination`; the word copies read and write exactly `size` bytes,
        // which the copy kind was chosen for, and the general move uses the type's own move.
        switch copyKind {
        case .fourBytes: unsafe Column.copyWords(UInt32.self, MemoryLayout<UInt32>.size, from: source, to: destination)
        case .eightBytes: unsafe Column.copyWords(UInt64.self, MemoryLayout<UInt64>.size, from: source, to: destination)
        case .twoEightByteWords: unsafe Column.copyWords(UInt64.self, size, from: source, to: destination)
        case .general:
            if isTrivial {
                unsafe destination.copyMemory(from: source, byteCount: size)
            } else {
                unsafe type.moveInitialize(destination, source, 1)
            }
        }
    }

    /// Moves the value at `row` into the uninitialised `destination` (a row of another column
    /// of the same type); `row` is left uninitialised.
    @inlinable @inline(__always)
    func moveValue(at row: Int, to destination: UnsafeMutableRawPointer) {
        // SAFETY: `element(at:)` asserts `row` is inside the buffer; the caller guarantees it is
        // initialised and that `destination` has room for one value.
        unsafe move(from: element(at: row), to: destination)
    }

    /// Moves the value at `source` into the uninitialised row `destination` of this column.
    @unsafe @inlinable @inline(__always)
    func moveValue(from source: Int, to destination: Int) {
        // SAFETY: both rows are asserted inside the buffer; the caller guarantees `source` is
        // initialised and `destination` is not.
        unsafe move(from: element(at: source), to: element(at: destination))
    }

    /// Initialises `row` by moving the value at `source` (of the column's type) into it.
    @inlinable @inline(__always)
    func initialize(row: Int, movingFrom source: UnsafeMutableRawPointer) {
        // SAFETY: `row` is asserted inside the buffer; the caller guarantees it is uninitialised
        // and that `source` holds one value of the column's type.
        unsafe move(from: source, to: element(at: row))
    }

    /// Takes the value at `row` out of the column, moving it into the uninitialised
    /// `destination` (a row of another column of the same type) or dropping it when
    /// `destination` is nil, and fills `row` by moving the value at `last` into it. When
    /// `row == last` the row is simply left uninitialised.
    @inlinable @inline(__always)
    func moveOut(_ row: Int, to destination: UnsafeMutableRawPointer?, fillingFrom last: Int) {
        // SAFETY: both rows are asserted inside the buffer; the caller guarantees both are
        // initialised and that `destination`, if any, has room for one value of this type.
        let hole = unsafe element(at: row)
        let filler = unsafe element(at: last)
        // Plain bits: a copy of `last` onto itself is harmless, so the fill needs no branch.
        // SAFETY: each branch reads `hole` and `filler` and writes `destination` and `hole` once,
        // `size` bytes each, as in `move(from:to:)`.
        switch copyKind {
        case .fourBytes: unsafe Column.shift(UInt32.self, MemoryLayout<UInt32>.size, hole, destination, filler)
        case .eightBytes: unsafe Column.shift(UInt64.self, MemoryLayout<UInt64>.size, hole, destination, filler)
        case .twoEightByteWords: unsafe Column.shift(UInt64.self, size, hole, destination, filler)
        case .general:
            if isTrivial {
                unsafe destination?.copyMemory(from: hole, byteCount: size)
                unsafe hole.copyMemory(from: filler, byteCount: size)
            } else {
                if let destination = unsafe destination {
                    unsafe type.moveInitialize(destination, hole, 1)
                } else {
                    unsafe type.deinitialize(hole, 1)
                }
                if row != last { unsafe type.moveInitialize(hole, filler, 1) }
            }
        }
    }

    /// Copies the value at `hole` to `destination` (if any), then the value at `filler` to
    /// `hole`, with ``copyWords(_:_:from:to:)``.
    @inlinable @inline(__always)
    static func shift<T>(
        _: T.Type, _ size: Int, _ hole: UnsafeMutableRawPointer,
        _ destination: UnsafeMutableRawPointer?, _ filler: UnsafeMutableRawPointer
    ) {
        // SAFETY: the caller passes addresses of `size`-byte values, as `copyWords` requires.
        if let destination = unsafe destination { unsafe copyWords(T.self, size, from: hole, to: destination) }
        unsafe copyWords(T.self, size, from: filler, to: hole)
    }

    /// Copies a plain-bits value of `size` bytes, at least one and at most two `T`s wide, as its
    /// first and last `T` (which overlap when `size` is not twice `T`, and coincide when it
    /// equals `T`).
    @inlinable @inline(__always)
    static func copyWords<T>(_: T.Type, _ size: Int, from source: UnsafeMutableRawPointer, to destination: UnsafeMutableRawPointer) {
        assert(size >= MemoryLayout<T>.size && size <= 2 * MemoryLayout<T>.size, "\(size) bytes is not one or two words")
        let tail = size &- MemoryLayout<T>.size
        // SAFETY: `0 <= tail` and `tail + MemoryLayout<T>.size == size`, so both words lie inside
        // the `size` bytes the caller owns at each address; unaligned loads need no alignment,
        // and `storeBytes` of a plain-bits `T` needs none either.
        let head = unsafe source.loadUnaligned(as: T.self)
        let end = unsafe source.loadUnaligned(fromByteOffset: tail, as: T.self)
        unsafe destination.storeBytes(of: head, as: T.self)
        unsafe destination.storeBytes(of: end, toByteOffset: tail, as: T.self)
    }

    /// Drops `count` values starting at `row`, leaving them uninitialised.
    @unsafe @inlinable @inline(__always)
    func dropValues(at row: Int, count: Int = 1) {
        assert(count >= 0 && row >= 0 && row + count <= capacity, "rows \(row)..<\(row + count) outside a column of \(capacity) rows")
        // SAFETY: the rows lie inside the buffer (asserted above) and the caller guarantees they
        // are initialised; plain bits need no deinitialisation.
        if !isTrivial { unsafe type.deinitialize(base + row &* stride, count) }
    }
}
