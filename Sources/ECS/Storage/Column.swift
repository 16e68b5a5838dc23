/// One component's storage in a table: a contiguous, cache-line aligned buffer of values plus
/// the version of its last write.
///
/// The layout facts the hot paths need (size, stride, plain-bits) are copied in, so moving
/// rows of plain-bits components never touches the type object.
@usableFromInline
struct Column {
    /// Layout and operations of the stored type (kept alive by the table that owns the column).
    @usableFromInline unowned(unsafe) let type: ComponentType
    /// Start of the buffer; rows `0..<table.count` are initialised.
    @usableFromInline var base: UnsafeMutableRawPointer
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

    init(type: ComponentType, base: UnsafeMutableRawPointer, version: UInt64) {
        self.type = type
        self.base = base
        self.version = version
        size = type.size
        stride = type.stride
        isTrivial = type.isTrivial
        copyKind = CopyKind(type)
    }

    /// Address of `row`.
    @inlinable
    func pointer(at row: Int) -> UnsafeMutableRawPointer { base + row &* stride }

    /// Moves one value of the column's type from `source` into the uninitialised
    /// `destination`, leaving `source` uninitialised: the one move every row operation uses.
    @inlinable @inline(__always)
    func move(from source: UnsafeMutableRawPointer, to destination: UnsafeMutableRawPointer) {
        switch copyKind {
        case .fourBytes: Column.copyWords(UInt32.self, MemoryLayout<UInt32>.size, from: source, to: destination)
        case .eightBytes: Column.copyWords(UInt64.self, MemoryLayout<UInt64>.size, from: source, to: destination)
        case .twoEightByteWords: Column.copyWords(UInt64.self, size, from: source, to: destination)
        case .general:
            if isTrivial {
                destination.copyMemory(from: source, byteCount: size)
            } else {
                type.moveInitialize(destination, source, 1)
            }
        }
    }

    /// Moves the value at `row` into the uninitialised `destination` (a row of another column
    /// of the same type); `row` is left uninitialised.
    @inlinable @inline(__always)
    func moveValue(at row: Int, to destination: UnsafeMutableRawPointer) {
        move(from: pointer(at: row), to: destination)
    }

    /// Moves the value at `source` into the uninitialised row `destination` of this column.
    @inlinable @inline(__always)
    func moveValue(from source: Int, to destination: Int) {
        move(from: pointer(at: source), to: pointer(at: destination))
    }

    /// Initialises `row` by moving the value at `source` (of the column's type) into it.
    @inlinable @inline(__always)
    func initialize(row: Int, movingFrom source: UnsafeMutableRawPointer) {
        move(from: source, to: pointer(at: row))
    }

    /// Takes the value at `row` out of the column, moving it into the uninitialised
    /// `destination` (a row of another column of the same type) or dropping it when
    /// `destination` is nil, and fills `row` by moving the value at `last` into it. When
    /// `row == last` the row is simply left uninitialised.
    @inlinable @inline(__always)
    func moveOut(_ row: Int, to destination: UnsafeMutableRawPointer?, fillingFrom last: Int) {
        let hole = pointer(at: row)
        let filler = pointer(at: last)
        // Plain bits: a copy of `last` onto itself is harmless, so the fill needs no branch.
        switch copyKind {
        case .fourBytes: Column.shift(UInt32.self, MemoryLayout<UInt32>.size, hole, destination, filler)
        case .eightBytes: Column.shift(UInt64.self, MemoryLayout<UInt64>.size, hole, destination, filler)
        case .twoEightByteWords: Column.shift(UInt64.self, size, hole, destination, filler)
        case .general:
            if isTrivial {
                destination?.copyMemory(from: hole, byteCount: size)
                hole.copyMemory(from: filler, byteCount: size)
            } else {
                if let destination { type.moveInitialize(destination, hole, 1) } else { type.deinitialize(hole, 1) }
                if row != last { type.moveInitialize(hole, filler, 1) }
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
        if let destination { copyWords(T.self, size, from: hole, to: destination) }
        copyWords(T.self, size, from: filler, to: hole)
    }

    /// Copies a plain-bits value of `size` bytes, at least one and at most two `T`s wide, as its
    /// first and last `T` (which overlap when `size` is not twice `T`, and coincide when it
    /// equals `T`).
    @inlinable @inline(__always)
    static func copyWords<T>(_: T.Type, _ size: Int, from source: UnsafeMutableRawPointer, to destination: UnsafeMutableRawPointer) {
        let tail = size &- MemoryLayout<T>.size
        let head = source.loadUnaligned(as: T.self)
        let end = source.loadUnaligned(fromByteOffset: tail, as: T.self)
        destination.storeBytes(of: head, as: T.self)
        destination.storeBytes(of: end, toByteOffset: tail, as: T.self)
    }

    /// Drops `count` values starting at `row`, leaving them uninitialised.
    @inlinable @inline(__always)
    func dropValues(at row: Int, count: Int = 1) {
        if !isTrivial { type.deinitialize(pointer(at: row), count) }
    }
}
