import Tiles

/// Boards over a world of their own, with the queries the plugin's systems declare.
struct TileBoardWorld {
    let world = World()
    let boards = TileBoards()
    let layout: TileLayout
    let poses: Query<Read<TileSlot>, Write<TilePose>>

    init() throws {
        layout = try TileBoards.layout(in: world)
        poses = try world.query(Read<TileSlot>.self, Write<TilePose>.self)
    }

    func addBoard(_ tiles: [Tile]) throws { try boards.addBoard(tiles, to: world) }
    func arrange(board: Int, as tiles: [Tile]) throws { try boards.arrange(board: board, as: tiles, in: layout) }
    func swap(board: Int, slots a: Int, _ b: Int) throws { try boards.swap(board: board, slots: a, b, in: layout) }
    func celebrate(board: Int) throws { try boards.celebrate(board: board, in: layout) }
    func colourGrid(board: Int) throws -> [RGBData] { try boards.colourGrid(board: board) }
    func isSolved(board: Int) throws -> Bool { try boards.isSolved(board: board) }
    func entities(board: Int) throws -> [Entity] { try boards.entities(board: board) }
    /// Draws board `board` as `tiles.draw` does.
    func draw(board: Int, on canvas: inout RGBA8Canvas, style: TileRenderStyle) throws {
        try TileBoardRenderer.draw(board: board, of: boards, tiles: TileBoards.appearance(in: world), on: &canvas, style: style)
    }
    /// One fixed step of 1/60 s of the animation, as `tiles.animate` runs it.
    func step() throws { try TileBoards.animate(poses, boards.animation, dt: 1.0 / 60) }
}
