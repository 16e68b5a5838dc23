import BenchKit
import Tiles

/// The `tiles` scenario: `boards` colour tile boards of `grid`×`grid` tile entities (1,000 of
/// 12×12, 144,000 entities, by default), shuffled. One frame is one fixed step of the
/// animation system over every tile, a swap on a random 1% of the boards (at least one) with
/// a solved check each, and a read of every board's colour-grid cache. Judged against the
/// frame budget like the other CPU scenarios.
///
/// `tiles` plays it as an app does: ``TilesPlugin``'s animation (fixed update) and swap
/// systems on the app's schedule, the swaps sent as ``TileSwap`` events, one `App.update` of one
/// fixed step per frame. `tiles.direct` calls the boards itself, so the gate shows what the
/// schedule costs.
final class TilesWorkload: Workload {
    /// Boards when `--boards` is not given.
    static let defaultBoards = 1_000
    /// Grid dimension when `--grid` is not given.
    static let defaultGrid = 12

    /// The number of boards.
    let boards: Int
    /// The side of every board.
    let grid: Int
    /// The boards.
    let tiles: TileBoards
    /// The world holding the tile entities.
    let world: World
    /// The queries of the direct path: the animation's and the swaps'.
    private let poses: Query<Read<TileSlot>, Write<TilePose>>
    private let layout: TileLayout
    /// The app of the scheduled path, and its swap channel.
    private let app: (app: App, channel: Events<TileSwap>)?
    /// The slots that are not corners, where swaps happen.
    private let movable: [Int]
    /// Swaps per frame: 1% of the boards, at least one.
    private let swapsPerFrame: Int
    /// The draws of the swaps.
    private var generator: SplitMix64
    /// Folds the results in, so no work is optimised away.
    private var checksum = 0
    /// Swaps made so far.
    private(set) var swaps = 0

    /// The board counts `--boards` accepts.
    static let boardRange = 1...100_000

    /// `--boards` and `--grid`.
    static let options: [ScenarioOption] = [
        .integer("boards", default: defaultBoards, range: boardRange, help: "Boards of the tiles scenarios."),
        .integer("grid", default: defaultGrid, range: BoardGenerator.dimensions, help: "Grid dimension of the tiles scenarios' boards."),
    ]

    /// `boards` boards of `grid`×`grid`, coloured and shuffled from `seed`.
    /// - Throws: `BenchError.invalidArgument` for a board count outside ``boardRange`` or a
    ///   grid outside `4...12`.
    init(boards: Int, grid: Int, seed: UInt64, scheduled: Bool = true) throws {
        guard Self.boardRange.contains(boards) else {
            throw BenchError.invalidArgument("tiles boards must be in \(Self.boardRange.lowerBound)...\(Self.boardRange.upperBound), got \(boards)")
        }
        guard BoardGenerator.dimensions.contains(grid) else {
            throw BenchError.invalidArgument("tiles grid must be in 4...12, got \(grid)")
        }
        self.boards = boards
        self.grid = grid
        generator = SplitMix64(seed: seed)
        if scheduled {
            let app = try App()
            try app.add(TilesPlugin())
            tiles = try app.world.resources.get(TileBoards.self)
            world = app.world
            self.app = (app, try app.world.resources.get(Events<TileSwap>.self))
        } else {
            tiles = TileBoards()
            world = World()
            app = nil
        }
        poses = try world.query(Read<TileSlot>.self, Write<TilePose>.self)
        layout = try TileBoards.layout(in: world)
        for _ in 0..<boards {
            let corners = CornerGenerator.draw(using: &generator).corners
            let solved = try BoardGenerator.solvedTiles(dimension: grid, corners: corners)
            let board = try tiles.addBoard(solved, to: world)
            try tiles.arrange(board: board, as: BoardGenerator.shuffled(solved, using: &generator), in: layout)
        }
        movable = (0..<(grid * grid)).filter { !BoardGenerator.isCorner($0, dimension: grid) }
        swapsPerFrame = max(1, boards / 100)
    }

    /// "tiles", or "tiles.direct".
    var name: String { app == nil ? "tiles.direct" : "tiles" }
    /// Boards and grid.
    var params: [String: Int] { ["boards": boards, "grid": grid] }
    /// Every tile entity.
    var entitiesPerFrame: Int { boards * grid * grid }
    /// Each pose read and written and each slot read by the animation system.
    var bytesPerFrame: Int { entitiesPerFrame * (2 * MemoryLayout<TilePose>.stride + MemoryLayout<TileSlot>.stride) }
    /// One thread.
    var isParallel: Bool { false }

    /// Animates, swaps on 1% of the boards with a solved check, and reads every colour grid.
    func runFrame() {
        if let app {
            runScheduledFrame(app.app, app.channel)
            return
        }
        // The query declares its terms and no system is running, so it cannot throw.
        try? TileBoards.animate(poses, tiles.animation, dt: 1.0 / 60)
        for _ in 0..<swapsPerFrame {
            let board = Int(generator.next() % UInt64(boards))
            let first = Int(generator.next() % UInt64(movable.count))
            var second = Int(generator.next() % UInt64(movable.count - 1))
            if second >= first { second += 1 }
            // The board and both slots exist by construction, so neither call can throw.
            try? tiles.swap(board: board, slots: movable[first], movable[second], in: layout)
            swaps += 1
            if (try? tiles.isSolved(board: board)) == true { checksum &+= 1 }
        }
        for board in 0..<boards {
            checksum &+= (try? tiles.colourGrid(board: board).count) ?? 0
        }
    }

    /// The frame through the app: the swaps as events, one update of one fixed step (the
    /// animation, then the swaps with their solved checks), then the colour-grid reads.
    private func runScheduledFrame(_ app: App, _ channel: Events<TileSwap>) {
        for _ in 0..<swapsPerFrame {
            let board = Int(generator.next() % UInt64(boards))
            let first = Int(generator.next() % UInt64(movable.count))
            var second = Int(generator.next() % UInt64(movable.count - 1))
            if second >= first { second += 1 }
            channel.send(TileSwap(board: board, movable[first], movable[second]))
        }
        // Cannot throw: the boards and slots exist by construction.
        try! app.update(deltaTime: 1.0 / 60)
        swaps += swapsPerFrame
        for board in 0..<boards {
            checksum &+= (try? tiles.colourGrid(board: board).count) ?? 0
        }
    }
}
