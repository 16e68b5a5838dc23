/// The slot a tile entity occupies and that slot's cell, the target of its animation.
public struct TileSlot: Equatable, Sendable {
    /// The row-major slot index.
    public var index: Int32
    /// The slot's column and row, in cells.
    public var cell: SIMD2<Float>

    /// Slot `index` of a `dimension`-wide board.
    public init(index: Int, dimension: Int) {
        self.index = Int32(index)
        self.cell = SIMD2(Float(index % dimension), Float(index / dimension))
    }
}
