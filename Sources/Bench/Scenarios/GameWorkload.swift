import BenchKit
import Foundation
import Confetti
import Tiles
import Audio

/// The `game` scenario: one ``App`` composing ``TilesPlugin``, ``ConfettiPlugin`` and
/// ``AudioPlugin`` with three systems of the game itself, on one world and one schedule, on
/// `--threads` threads at 60 fps.
///
/// - 100 boards of 12×12 tiles (14,400 entities), shuffled; `game.input` plays two moves a
///   frame on one board at a time, each putting a misplaced tile in its slot, so a board is
///   solved about every 65 frames (and reshuffled when play comes back to it);
/// - confetti in continuous emission, 100,000 live particles; `game.celebrate` relaunches them on
///   every win (``TileBoardSolved`` to ``ConfettiLaunch``);
/// - 256 looping voices of music, and `game.sfx` plays a short click per swap and drops the
///   clicks that ended; the mix fills one 512-frame buffer per period owed at 48 kHz.
///
/// One frame is one `App.update(deltaTime: 1/60)`. The report breaks the frame down by system
/// (``systemSamples``): which system eats the budget, and the result counts the hitches (each
/// confetti launch is one today: `bench --scenario game --judge max` judges the worst frame).
final class GameWorkload: SystemBreakdownWorkload {
    /// Live confetti particles.
    static let particles = 100_000
    /// Boards and their side.
    static let boards = 100, grid = 12
    /// Music voices.
    static let voices = 256
    /// Moves per frame.
    static let movesPerFrame = 2

    /// The app.
    let app: App
    /// Threads of every stage and of the plugins' parallel passes.
    let threads: Int
    /// Monotonic nanoseconds of each system in each frame run so far, by "stage/system", in the
    /// order the systems first ran; 0 in a frame where a system's stage did not run.
    private(set) var systemNanoseconds: [(name: String, frames: [UInt64])] = []
    /// Each system's position in ``systemNanoseconds``, by stage and name (hashed without
    /// building the "stage/system" string, which would allocate in every measured frame).
    private var systemPositions: [SystemKey: Int] = [:]
    /// Frames run so far.
    private var frames = 0

    /// The composed game from `seed`.
    /// - Throws: The plugins' and the app's errors.
    init(seed: UInt64, threads: Int, kernels: KernelInstructionSet = .best) throws {
        self.threads = threads
        app = try App(threads: threads)
        var confetti = ConfettiConfig.celebration
        confetti.lifecycle.particleCount = Self.particles
        confetti.lifecycle.emission = .continuous
        let format = try MixFormat(channels: 2, sampleRate: 48_000, maxFrames: 512)
        try app.add(TilesPlugin())
        try app.add(ConfettiPlugin(configuration: confetti, threads: threads, kernels: kernels))
        try app.add(AudioPlugin(format: format, threads: threads, kernels: kernels))
        try app.insertResource(GamePlay(seed: seed))
        try Self.setUpBoards(app, seed: seed)
        try Self.setUpMusic(app, seed: seed)
        try app.addSystem("game.input", before: ["tiles.swap"]) {
            (play: ResMut<GamePlay>, moves: EventWriter<TileSwap>, boards: ResMut<TileBoards>, layout: TileLayout) in
            try play.value.move(boards.value, layout, moves)
        }
        try app.addSystem("game.celebrate", after: ["tiles.swap"]) {
            (wins: EventReader<TileBoardSolved>, launches: EventWriter<ConfettiLaunch>, time: Res<Time>) in
            wins.forEach { win in
                launches.send(ConfettiLaunch(canvasSize: SIMD2(1920, 1080), seed: time.value.frame &* 131 &+ UInt64(win.board)))
            }
        }.before("confetti.step")
        try app.addSystem("game.sfx", in: .postUpdate) {
            (_: ExclusiveWorld, swaps: EventReader<TileSwap>, mixer: ResMut<AudioMixer>, play: Res<GamePlay>) in
            let mixer = mixer.value
            _ = try mixer.removeStoppedVoices()
            guard let click = play.value.click else { return }
            for swap in swaps.read() {
                try mixer.spawnVoice(asset: click, gain: 0.2, pan: Float(swap.first % 12) / 6 - 1)
            }
        }
        app.measuresSystems = true
        // The launch of the confetti, and the first frame's startup.
        try app.world.resources.get(Events<ConfettiLaunch>.self).send(ConfettiLaunch(canvasSize: SIMD2(1920, 1080), seed: seed))
        try app.update(deltaTime: 0)
    }

    /// "game".
    var name: String { "game" }
    /// The composition's sizes and the thread count.
    var params: [String: Int] {
        ["particles": Self.particles, "boards": Self.boards, "grid": Self.grid, "voices": Self.voices, "threads": threads]
    }
    /// Tiles, particles and voices.
    var entitiesPerFrame: Int { Self.boards * Self.grid * Self.grid + Self.particles + Self.voices }
    /// Not judged against the memory limit: the frame is many systems.
    var bytesPerFrame: Int { 0 }
    /// Parallel on several threads.
    var isParallel: Bool { threads > 1 }

    /// One frame of 1/60 s, and each system's time in it.
    func runFrame() {
        // Cannot throw: every move is a valid swap, launches have a valid canvas and every
        // voice plays a loaded asset.
        try! app.update(deltaTime: 1.0 / 60)
        frames += 1
        for duration in app.lastFrameDurations {
            let key = SystemKey(stage: duration.stage, system: duration.system)
            let position = systemPositions[key] ?? {
                systemPositions[key] = systemNanoseconds.count
                systemNanoseconds.append(("\(duration.stage)/\(duration.system)", []))
                return systemNanoseconds.count - 1
            }()
            let missed = frames - 1 - systemNanoseconds[position].frames.count
            if missed > 0 { systemNanoseconds[position].frames += repeatElement(0, count: missed) }
            systemNanoseconds[position].frames.append(duration.nanoseconds)
        }
        for position in systemNanoseconds.indices where systemNanoseconds[position].frames.count < frames {
            systemNanoseconds[position].frames.append(0)
        }
    }

    /// A ``StateChecksum`` of the world: every tile's slot and pose, every particle's position,
    /// velocity and opacity, every voice's playback, and the last mixed buffer as one entity.
    /// `TileSlot` and `VoicePlayback` have padding (whose bytes are whatever memory held), so
    /// their fields are hashed one by one.
    func stateChecksum() throws -> StateChecksum {
        var checksum = StateChecksum()
        try app.world.query(Read<TileSlot>.self, Read<TilePose>.self).forEach { _, slot, pose in checksum.add(slot.index, slot.cell, pose) }
        try app.world.query(Read<ConfettoPosition>.self, Read<ConfettoVelocity>.self, Read<ConfettoOpacity>.self)
            .forEach { _, position, velocity, opacity in checksum.add(position, velocity, opacity) }
        try app.world.query(Read<VoicePlayback>.self).forEach { _, playback in
            checksum.add(playback.state.rawValue, playback.startFrame, playback.stopFrame)
        }
        for sample in try app.world.resources.get(AudioMixOutput.self).buffer { checksum.add(sample) }
        return checksum
    }

    /// Each system's time in the last `frames` frames (the measured ones), by "stage/system";
    /// a system that ran in none of them (a drawing system, in an app without a canvas) is left out.
    func systemSamples(frames: Int) -> [SystemSamples] {
        systemNanoseconds.compactMap { system in
            let measured = Array(system.frames.suffix(frames))
            return measured.contains { $0 > 0 } ? SystemSamples(name: system.name, wallNs: measured) : nil
        }
    }

    /// 100 shuffled boards.
    private static func setUpBoards(_ app: App, seed: UInt64) throws {
        let boards = try app.world.resources.get(TileBoards.self)
        let layout = try TileBoards.layout(in: app.world)
        var generator = SplitMix64(seed: seed)
        for _ in 0..<Self.boards {
            let solved = try BoardGenerator.solvedTiles(dimension: grid, corners: CornerGenerator.draw(using: &generator).corners)
            let board = try boards.addBoard(solved, to: app.world)
            try boards.arrange(board: board, as: BoardGenerator.shuffled(solved, using: &generator), in: layout)
        }
    }

    /// The music: 256 looping tones at spread gains and pans, and the click asset.
    private static func setUpMusic(_ app: App, seed: UInt64) throws {
        let mixer = try app.world.resources.get(AudioMixer.self)
        var random = SplitMix64(seed: seed)
        let tones = try (0..<8).map { index in
            try mixer.addAsset(tone(frequency: 110 * Float(index + 2), frames: 48_000))
        }
        for voice in 0..<Self.voices {
            let gain = 0.02 + Float(random.next() >> 40) / Float(1 << 24) * 0.05
            let pan = Float(random.next() >> 40) / Float(1 << 24) * 2 - 1
            try mixer.spawnVoice(asset: tones[voice % tones.count], gain: gain, pan: pan, looping: true)
        }
        try app.world.resources.modify(GamePlay.self) { $0.click = try mixer.addAsset(tone(frequency: 2_000, frames: 2_400)) }
    }

    /// `frames` mono frames of a sine at `frequency` Hz and 48 kHz.
    private static func tone(frequency: Float, frames: Int) throws -> AudioAsset {
        let step = frequency * 2 * Float.pi / 48_000
        return try AudioAsset(interleaved: (0..<frames).map { Foundation.sin(Float($0) * step) * 0.5 }, channels: 1, sampleRate: 48_000)
    }
}

/// A system of the `game` app: its stage and name.
private struct SystemKey: Hashable {
    let stage: Stage
    let system: String
}

/// The state of the `game` scenario's player: which board it plays, and its random draws.
struct GamePlay {
    /// The board being played.
    private var board = 0
    /// The click played per swap, once loaded.
    var click: AudioAssetID?
    /// The draws of reshuffles.
    private var generator: SplitMix64

    /// A player from `seed`, at board 0.
    init(seed: UInt64) { generator = SplitMix64(seed: seed ^ 0x9E37_79B9) }

    /// Sends the frame's moves: each puts one misplaced tile of the current board in its slot;
    /// a solved board hands play to the next, and a board that play comes back to solved is
    /// reshuffled first (through `layout`).
    mutating func move(_ boards: TileBoards, _ layout: TileLayout, _ moves: EventWriter<TileSwap>) throws {
        if try boards.isSolved(board: board) {
            board = (board + 1) % boards.boardCount
            if try boards.isSolved(board: board) {
                // Only the ids matter to a rearrangement: any solved board of the size has them.
                let tiles = try BoardGenerator.solvedTiles(
                    dimension: GameWorkload.grid, corners: CornerGenerator.draw(using: &generator).corners)
                try boards.arrange(board: board, as: BoardGenerator.shuffled(tiles, using: &generator), in: layout)
            }
        }
        // The moves are chosen before any of them is applied, so they touch disjoint slots:
        // each then puts one more tile home.
        let ids = try boards.tileIDs(board: board)
        var touched: Set<Int> = []
        for slot in ids.indices where touched.count < 2 * GameWorkload.movesPerFrame {
            let home = ids[slot]
            guard home != slot, !touched.contains(slot), !touched.contains(home) else { continue }
            moves.send(TileSwap(board: board, slot, home))
            touched.formUnion([slot, home])
        }
    }
}
