import Foundation
import SnapshotTesting
import Testing
import Tiles

/// Boards drawn on the canvas and compared with the reference PNGs in `References/`:
/// preview, shuffled, selected and won, on 4×4 and 12×12 boards of precision levels 1 and 65.
@Suite("Tile snapshots")
struct TileSnapshotTests {
    private static let references = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("References").path

    /// The four states drawn.
    enum Stage: String, CaseIterable {
        case preview, shuffled, selected, won
    }

    /// The board of precision level `level` at `stage`, drawn at 300×300.
    static func frame(level: Int, stage: Stage) throws -> RGBA8Canvas {
        let store = InMemoryKeyValueStore()
        try store.set(level - 1, forKey: "level_count_LADDER")
        let (game, clock, _) = TileFixtures.controller(mode: .precision, store: store)
        try game.startNewGame()
        let tiles = try TileBoardWorld()
        try tiles.addBoard(game.tiles)
        var style = TileRenderStyle(mode: .precision)
        if stage != .preview {
            TileFixtures.shuffle(game, clock)
            // Place one tile, so the check mark shows.
            let (a, b) = TileFixtures.fixingSwap(game)!
            try game.swapTiles(id1: a, id2: b)
            try tiles.arrange(board: 0, as: game.tiles)
        }
        if stage == .selected {
            let id = game.tiles.first { !$0.isFixed && !game.isLocked(slot: $0.currentIdx) }!.id
            try game.selectTile(id: id)
            style.selectedTileId = game.selectedTileId
        }
        if stage == .won {
            while game.status == .playing, let (a, b) = TileFixtures.fixingSwap(game) { try game.swapTiles(id1: a, id2: b) }
            try tiles.arrange(board: 0, as: game.tiles)
            try tiles.celebrate(board: 0)
        }
        // Half a second of animation: moves have settled, the win wave is under way.
        for _ in 0..<30 { try tiles.step() }
        var canvas = try RGBA8Canvas(width: 300, height: 300)
        try tiles.draw(board: 0, on: &canvas, style: style)
        return canvas
    }

    @Test(arguments: [1, 65], Stage.allCases)
    func boardMatchesItsReference(level: Int, stage: Stage) throws {
        let name = "tiles-\(level == 1 ? "4x4" : "12x12")-\(stage.rawValue)"
        let outcome = try assertSnapshot(of: Self.frame(level: level, stage: stage), named: name, in: Self.references, configuration: .default)
        guard case .matched(let comparison) = outcome else {
            Issue.record("\(name): \(outcome); review and commit the new reference image")
            return
        }
        #expect(comparison.passed)
    }

    @Test func theStagesLookDifferent() throws {
        let images = try Stage.allCases.map { try Self.frame(level: 1, stage: $0).image() }
        for i in images.indices {
            for j in images.indices where i < j { #expect(images[i] != images[j], "\(Stage.allCases[i]) vs \(Stage.allCases[j])") }
        }
    }
}
