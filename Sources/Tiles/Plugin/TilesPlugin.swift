import ECS
import Render

/// The tile puzzle as a plugin: its components, a ``TileBoards`` resource (which tile sits in
/// each slot of each board), a ``TileBoardView``, the ``TileSwap`` and ``TileBoardSolved``
/// events and three systems, each doing its work through the parameters it declares.
///
/// - `tiles.swap` (`Stage/update`) applies every ``TileSwap`` sent since it last ran, in send
///   order, through its ``TileLayout`` query, and when a swap solves its board starts the
///   board's win wave and sends ``TileBoardSolved``;
/// - `tiles.animate` (`Stage/fixedUpdate`) moves every tile's pose toward its slot (or the win
///   pose) by one fixed step of the app (``TileAnimation``);
/// - `tiles.draw` (`Stage/render`, `DrawLayer/scene`) draws the board the view names, at
///   its animated poses, into the app's `FrameCanvas` (``TileBoardRenderer``) through its
///   ``TileAppearance`` query; it runs only when the app has a canvas (`CanvasPlugin`) and the
///   view names a board.
///
/// Add boards before or between frames (`boards.addBoard(_:to: app.world)`); the solved check
/// and colour grid of each board are cached by its version (``TileBoards/isSolved(board:)``).
public struct TilesPlugin: Plugin {
    /// The animation's constants.
    public var animation: TileAnimation

    /// The plugin with `animation` (the default timings when omitted).
    public init(animation: TileAnimation = TileAnimation()) {
        self.animation = animation
    }

    /// Registers the tile components, the boards, the view, the events and the three systems.
    public func build(_ app: App) throws {
        try app.registerComponent(TileIdentity.self)
        try app.registerComponent(TileColor.self)
        try app.registerComponent(TileSlot.self)
        try app.registerComponent(TilePose.self)
        try app.registerComponent(FixedTile.self)
        let boards = TileBoards()
        boards.animation = animation
        try app.insertResource(boards)
        try app.insertResource(TileBoardView())
        try app.addEvent(TileSwap.self)
        try app.addEvent(TileBoardSolved.self)
        try app.addSystem("tiles.swap", in: .update) {
            (requests: EventReader<TileSwap>, solved: EventWriter<TileBoardSolved>, boards: ResMut<TileBoards>, layout: TileLayout) in
            let boards = boards.value
            try requests.forEach { swap in
                try boards.swap(board: swap.board, slots: swap.first, swap.second, in: layout)
                if try boards.isSolved(board: swap.board) {
                    try boards.celebrate(board: swap.board, in: layout)
                    solved.send(TileBoardSolved(board: swap.board))
                }
            }
        }
        try app.addSystem("tiles.animate", in: .fixedUpdate) {
            (poses: Query<Read<TileSlot>, Write<TilePose>>, boards: Res<TileBoards>, time: Res<Time>) in
            try TileBoards.animate(poses, boards.value.animation, dt: Float(time.value.delta))
        }
        DrawLayer.declare(in: app)
        try app.addSystem("tiles.draw", in: .render, sets: [DrawLayer.scene], after: DrawLayer.below(DrawLayer.scene)) {
            (frame: ResMut<FrameCanvas>, view: Res<TileBoardView>, boards: Res<TileBoards>, tiles: TileAppearance) in
            guard let board = view.value.board else { return }
            try TileBoardRenderer.draw(board: board, of: boards.value, tiles: tiles, on: &frame.value.canvas, style: view.value.style)
        }.runIf { world in try world.resources.contains(FrameCanvas.self) }
    }
}
