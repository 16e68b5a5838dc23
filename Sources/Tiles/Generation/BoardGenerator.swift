/// Builds boards: the solved grid of bilinear colours and the shuffle after the preview.
public enum BoardGenerator {
    /// The grid dimensions a board may have.
    public static let dimensions = 4...12

    /// The solved board: tiles in row-major order with `id = correctId = y·w + x`, colours
    /// interpolated from `corners`, and only the four corners fixed.
    /// - Throws: ``TileGameError/invalidDimension(_:)`` outside ``dimensions``.
    public static func solvedTiles(dimension: Int, corners: CornerColors) throws(TileGameError) -> [Tile] {
        guard dimensions.contains(dimension) else { throw .invalidDimension(dimension) }
        var tiles: [Tile] = []
        tiles.reserveCapacity(dimension * dimension)
        for y in 0..<dimension {
            for x in 0..<dimension {
                let index = y * dimension + x
                let rgb = RGBData.interpolated(x: x, y: y, width: dimension, height: dimension, corners: corners)
                tiles.append(Tile(id: index, correctId: index, rgb: rgb, isFixed: isCorner(index, dimension: dimension), currentIdx: index))
            }
        }
        return tiles
    }

    /// Whether slot `index` is one of the four corners of a `dimension`×`dimension` grid.
    public static func isCorner(_ index: Int, dimension: Int) -> Bool {
        let last = dimension - 1
        let x = index % dimension, y = index / dimension
        return (x == 0 || x == last) && (y == 0 || y == last)
    }

    /// The shuffle: the non-fixed tiles in their current order go through the standard library's
    /// `shuffle(using:)` (Fisher–Yates), the fixed tiles go back to their `correctId`, and the
    /// shuffled tiles fill the other slots in ascending order. A shuffle that happens to come out
    /// solved is kept. `currentIdx` is set to each tile's new slot.
    /// - Throws: ``TileGameError/notAPermutation(_:)`` when two fixed tiles claim one slot or a
    ///   fixed tile's `correctId` is not a slot of the board.
    public static func shuffled<G: RandomNumberGenerator>(_ tiles: [Tile], using generator: inout G) throws(TileGameError) -> [Tile] {
        var fixedBySlot: [Int: Tile] = [:]
        for tile in tiles where tile.isFixed {
            guard tiles.indices.contains(tile.correctId), fixedBySlot[tile.correctId] == nil else {
                throw .notAPermutation("fixed tile \(tile.id) claims slot \(tile.correctId)")
            }
            fixedBySlot[tile.correctId] = tile
        }
        var loose = tiles.filter { !$0.isFixed }
        loose.shuffle(using: &generator)
        var result: [Tile] = []
        result.reserveCapacity(tiles.count)
        var next = loose.makeIterator()
        for slot in tiles.indices {
            guard var tile = fixedBySlot[slot] ?? next.next() else { break }
            tile.currentIdx = slot
            result.append(tile)
        }
        return result
    }
}
