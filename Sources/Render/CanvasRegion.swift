/// A rectangle of a canvas's pixels: the pixels of `columns` in each row of `rows`.
struct CanvasRegion: Equatable, Sendable {
    /// The columns, inside the canvas.
    var columns: Range<Int>
    /// The rows, inside the canvas.
    var rows: Range<Int>

    /// No pixel.
    static let empty = CanvasRegion(columns: 0..<0, rows: 0..<0)

    /// Whether the region holds no pixel.
    var isEmpty: Bool { columns.isEmpty || rows.isEmpty }

    /// The smallest region holding the pixels of both.
    func union(_ other: CanvasRegion) -> CanvasRegion {
        if isEmpty { return other }
        if other.isEmpty { return self }
        return CanvasRegion(
            columns: min(columns.lowerBound, other.columns.lowerBound)..<max(columns.upperBound, other.columns.upperBound),
            rows: min(rows.lowerBound, other.rows.lowerBound)..<max(rows.upperBound, other.rows.upperBound))
    }
}
