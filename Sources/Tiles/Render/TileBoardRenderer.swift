import Render

/// Draws a board of a ``TileBoards`` on an `RGBA8Canvas`: each tile at its animated pose
/// with gaps between tiles, a dot on the fixed corners, a check mark on tiles in their slot
/// when the style asks for it, and the selected tile on top with an outline.
public enum TileBoardRenderer {
    /// Clears `canvas` to the style's background and draws board `board` of `boards`, filling
    /// its shorter side, with the tiles' components read through `tiles`.
    /// - Throws: ``TileGameError/unknownBoard(_:)``, ``TileGameError/world(_:)`` when `tiles`
    ///   cannot reach a tile of the board.
    public static func draw(
        board: Int, of boards: TileBoards, tiles: TileAppearance, on canvas: inout RGBA8Canvas, style: TileRenderStyle
    ) throws(TileGameError) {
        canvas.clear(style.background)
        let entities = try boards.entities(board: board)
        let dimension = Int(Double(entities.count).squareRoot().rounded())
        let cell = Float(min(canvas.width, canvas.height)) / Float(dimension)
        var selected: TileDrawItem?
        for entity in entities {
            let item = try TileBoards.keepingWorldErrors {
                try tiles.get(entity) { identity, colour, slot, pose, fixed in
                    TileDrawItem(identity: identity, colour: colour.rgb, slot: slot, pose: pose, isFixed: fixed != nil)
                }
            }
            if Int(item.identity.id) == style.selectedTileId {
                selected = item
            } else {
                drawTile(item, cell: cell, style: style, on: &canvas)
            }
        }
        if let selected { drawTile(selected, cell: cell, style: style, on: &canvas) }
    }

    /// Draws one tile with its marks.
    private static func drawTile(_ item: TileDrawItem, cell: Float, style: TileRenderStyle, on canvas: inout RGBA8Canvas) {
        let side = cell * (1 - style.gap) * item.pose.scale
        let centre = (item.pose.position + 0.5) * cell
        let colour = RGBAColor(r: Float(item.colour.r), g: Float(item.colour.g), b: Float(item.colour.b))
        let origin = centre - side / 2
        canvas.fillRect(x: origin.x, y: origin.y, width: side, height: side, color: colour)
        let luminance = 0.299 * colour.r + 0.587 * colour.g + 0.114 * colour.b
        let ink = luminance > 0.6 ? RGBAColor.black : RGBAColor.white
        if item.isFixed {
            let dot = side * 0.14
            canvas.fillRect(x: centre.x - dot / 2, y: centre.y - dot / 2, width: dot, height: dot, color: ink, opacity: 0.6)
        } else if style.marksPlacedTiles, item.identity.id == item.slot.index {
            let unit = side * 0.12
            let points = [centre + SIMD2(-1.2, 0) * unit, centre + SIMD2(-0.3, 0.9) * unit, centre + SIMD2(1.4, -0.9) * unit]
            canvas.drawPolyline(points, width: max(1, side * 0.05), color: ink, opacity: 0.7)
        }
        if Int(item.identity.id) == style.selectedTileId {
            let width = max(2, cell * 0.06)
            let corners = [origin, origin + SIMD2(side, 0), origin + SIMD2(side, side), origin + SIMD2(0, side), origin]
            canvas.drawPolyline(corners, width: width, color: style.highlight)
        }
    }
}
