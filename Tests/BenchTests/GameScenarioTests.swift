import Tiles
import Testing

@testable import Bench
@testable import BenchKit

/// The composed `game` scenario: deterministic on any thread count, and broken down by system.
struct GameScenarioTests {
    /// The world after 150 frames: identical for 1, 2 and 8 threads and for two runs of one seed.
    @Test func theWorldIsTheSameOnAnyThreadCount() throws {
        var checksums: [StateChecksum] = []
        for threads in [1, 2, 8, 1] {
            let game = try GameWorkload(seed: 7, threads: threads)
            for _ in 0..<150 { game.runFrame() }
            checksums.append(try game.stateChecksum())
        }
        #expect(checksums.allSatisfy { $0 == checksums[0] })
        #expect(checksums[0].entities > 100_000)
        let other = try GameWorkload(seed: 8, threads: 1)
        for _ in 0..<150 { other.runFrame() }
        #expect(try other.stateChecksum() != checksums[0])
    }

    /// Every system of the three plugins and the game that runs is in the breakdown, with one
    /// time per measured frame (the drawing systems, with no canvas, are not); boards get
    /// solved and relaunch the confetti.
    @Test func theFrameIsBrokenDownBySystem() throws {
        let game = try GameWorkload(seed: 7, threads: 2)
        for _ in 0..<80 { game.runFrame() }
        let systems = game.systemSamples(frames: 50)
        #expect(Set(systems.map(\.name)) == [
            "fixedUpdate/tiles.animate", "update/tiles.swap", "update/confetti.step", "update/game.input",
            "update/game.celebrate", "postUpdate/game.sfx", "render/confetti.render", "render/audio.mix",
        ])
        #expect(systems.allSatisfy { $0.wallNs.count == 50 })
        #expect(systems.first { $0.name == "update/confetti.step" }!.wallNs.allSatisfy { $0 > 0 })
        let boards = try game.app.world.resources.get(Tiles.TileBoards.self)
        #expect(try boards.isSolved(board: 0))
    }
}
