import Testing
import Systems

/// The plugins' drawing systems on one `FrameCanvas`: the board first, confetti over it, the
/// same pixels in any plugin order and on any thread count, and the same pixels as drawing by hand.
extension PluginCompositionTests {
    /// The composed app of ``app(order:threads:)`` with a 240×180 canvas showing board 0.
    static func drawingApp(order: [Int], threads: Int) throws -> App {
        let app = try Self.app(order: order, threads: threads)
        try app.add(CanvasPlugin(width: 240, height: 180, background: .black, threads: threads))
        try app.world.resources.modify(TileBoardView.self) { $0.board = 0 }
        return app
    }

    @Test func theBoardIsDrawnFirstAndConfettiOverItInAnyPluginOrder() throws {
        let reference = try Self.drawingApp(order: [0, 1, 2], threads: 1)
        try Self.run(reference)
        let frame = try reference.world.resources.get(FrameCanvas.self).canvas
        for (order, threads) in [([2, 1, 0], 2), ([1, 2, 0], 8)] {
            let app = try Self.drawingApp(order: order, threads: threads)
            try Self.run(app)
            #expect(try app.world.resources.get(FrameCanvas.self).canvas.image() == frame.image(), "order \(order), \(threads) threads")
        }
        // The same frame drawn by hand from the same world.
        let boards = try reference.world.resources.get(TileBoards.self)
        let states = try reference.world.resources.get(ConfettiSimulation.self).renderStates
        var board = try RGBA8Canvas(width: 240, height: 180)
        try TileBoardRenderer.draw(board: 0, of: boards, tiles: TileBoards.appearance(in: reference.world), on: &board, style: TileRenderStyle())
        var byHand = board
        #expect(byHand.drawParticles(states) > 0)
        #expect(frame.image() == byHand.image())
        #expect(frame.image() != board.image(), "confetti is drawn over the board")
    }

    @Test func withoutACanvasOrABoardNothingIsDrawn() throws {
        let app = try Self.app(order: [0, 1, 2], threads: 2)
        try Self.run(app)
        let order = try app.schedule(.render).order()
        #expect(order.firstIndex(of: "confetti.render")! < order.firstIndex(of: "confetti.draw")!)
        let drawing = try Self.drawingApp(order: [0, 1, 2], threads: 1)
        try drawing.world.resources.modify(TileBoardView.self) { $0.board = nil }
        try drawing.update(deltaTime: 1.0 / 60)
        let blank = try RGBA8Canvas(width: 240, height: 180, background: .black)
        #expect(try drawing.world.resources.get(FrameCanvas.self).canvas.image() == blank.image())
        try drawing.world.resources.modify(TileBoardView.self) { $0.board = 7 }
        let error = #expect(throws: TileGameError.self) { try drawing.update(deltaTime: 1.0 / 60) }
        #expect(error == .unknownBoard(7))
    }
}
