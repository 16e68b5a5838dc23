import Foundation
import Platform
import Testing
import Systems

/// Confetti, tiles and audio as plugins of one app: one world, one schedule, the same results as
/// the systems driven on their own, in any plugin order and on any thread count.
@Suite struct PluginCompositionTests {
    static let format = try! MixFormat(channels: 2, sampleRate: 48_000, maxFrames: 512)

    /// A sine voice's samples.
    static func tone(frequency: Float, frames: Int = 4_800) throws -> AudioAsset {
        let step = frequency * 2 * Float.pi / 48_000
        let samples: [Float] = (0..<frames).map { (frame: Int) -> Float in Foundation.sin(Float(frame) * step) * 0.5 }
        return try AudioAsset(interleaved: samples, channels: 1, sampleRate: 48_000)
    }

    /// An app with the three plugins in `order`, a shuffled 4×4 board, 8 looping voices and
    /// 2,000 continuous confetti.
    static func app(order: [Int], threads: Int) throws -> App {
        let app = try App(threads: threads)
        var config = ConfettiConfig.snowfall
        config.lifecycle.particleCount = 2_000
        let plugins: [any Plugin] = [
            TilesPlugin(), ConfettiPlugin(configuration: config, threads: threads), AudioPlugin(format: format, threads: threads),
        ]
        for index in order { try app.add(plugins[index]) }
        let boards = try app.world.resources.get(TileBoards.self)
        var generator = SplitMix64(seed: 3)
        let solved = try BoardGenerator.solvedTiles(dimension: 4, corners: CornerGenerator.draw(using: &generator).corners)
        try boards.addBoard(solved, to: app.world)
        try boards.arrange(board: 0, as: BoardGenerator.shuffled(solved, using: &generator), in: TileBoards.layout(in: app.world))
        let mixer = try app.world.resources.get(AudioMixer.self)
        for voice in 0..<8 {
            let asset = try mixer.addAsset(tone(frequency: 220 + Float(voice) * 55))
            try mixer.spawnVoice(asset: asset, gain: 0.1, pan: Float(voice) / 8 - 0.5, looping: true)
        }
        return app
    }

    /// What the world holds: every component value of the three systems, by type, in table
    /// order, and the last mixed buffer.
    static func snapshot(_ app: App) throws -> [Double] {
        var out: [Double] = []
        try app.world.query(Read<TilePose>.self).forEach { _, pose in
            out += [Double(pose.position.x), Double(pose.position.y), Double(pose.scale)]
        }
        try app.world.query(Read<ConfettoPosition>.self, Read<ConfettoOpacity>.self).forEach { _, position, opacity in
            out += [Double(position.value.x), Double(position.value.y), Double(opacity.value)]
        }
        out += try app.world.resources.get(AudioMixOutput.self).buffer.map(Double.init)
        return out
    }

    /// Runs 30 frames at 60 fps: a launch on the first, a swap putting one tile home on each of
    /// frames 5 to 24 until the board is solved.
    static func run(_ app: App) throws {
        let boards = try app.world.resources.get(TileBoards.self)
        for frame in 0..<30 {
            if frame == 0 {
                try app.world.resources.get(Events<ConfettiLaunch>.self).send(ConfettiLaunch(canvasSize: SIMD2(400, 300), seed: 9))
            }
            if (5..<25).contains(frame), !(try boards.isSolved(board: 0)) {
                let ids = try boards.tileIDs(board: 0)
                let slot = ids.indices.first { ids[$0] != $0 }!
                let home = ids[slot]
                try app.world.resources.get(Events<TileSwap>.self).send(TileSwap(board: 0, slot, home))
            }
            try app.update(deltaTime: 1.0 / 60)
        }
    }

    @Test func pluginsComposeInAnyOrderOnAnyThreadCountToTheSameWorld() throws {
        let reference = try Self.app(order: [0, 1, 2], threads: 1)
        try Self.run(reference)
        let expected = try Self.snapshot(reference)
        #expect(try reference.world.resources.get(ConfettiSimulation.self).cloud?.aliveCount == 2_000)
        #expect(try reference.world.resources.get(TileBoards.self).isSolved(board: 0))
        for (order, threads) in [([2, 1, 0], 1), ([1, 0, 2], 2), ([0, 2, 1], 8)] {
            let app = try Self.app(order: order, threads: threads)
            try Self.run(app)
            #expect(try Self.snapshot(app) == expected, "order \(order), \(threads) threads")
        }
    }

    /// A solving swap sends `TileBoardSolved` once, which a user system turns into a launch.
    @Test func aWinLaunchesConfettiThroughEvents() throws {
        let app = try Self.app(order: [0, 1, 2], threads: 2)
        let wins = Locked<[Int]>([])
        try app.addSystem("celebrate", after: ["tiles.swap"]) {
            (solved: EventReader<TileBoardSolved>, launches: EventWriter<ConfettiLaunch>) in
            solved.forEach { win in
                wins.withLock { $0.append(win.board) }
                launches.send(ConfettiLaunch(canvasSize: SIMD2(200, 200), seed: UInt64(win.board)))
            }
        }
        try Self.run(app)
        #expect(wins.withLock { $0 } == [0])
        // The exclusive confetti step conflicts with every system of its stage; nothing else does.
        let ambiguities = try app.ambiguities().flatMap(\.pairs)
        #expect(!ambiguities.isEmpty && ambiguities.allSatisfy { $0.first == "confetti.step" || $0.second == "confetti.step" })
    }

    /// The confetti plugin's particles match a simulation driven by hand with the same times.
    @Test func confettiThroughThePluginMatchesTheSimulationAlone() throws {
        var config = ConfettiConfig.explosion
        config.lifecycle.particleCount = 500
        let app = try App()
        try app.add(ConfettiPlugin(configuration: config))
        try app.world.resources.get(Events<ConfettiLaunch>.self).send(ConfettiLaunch(canvasSize: SIMD2(390, 844), seed: 4))
        let alone = try ConfettiSimulation(configuration: config, world: World())
        try alone.start(canvasSize: SIMD2(390, 844), seed: 4, at: 0)
        for frame in 1...40 {
            try app.update(deltaTime: 1.0 / 60)
            alone.update(at: Double(frame) / 60)
            #expect(try app.world.resources.get(ConfettiSimulation.self).renderStates == alone.renderStates, "frame \(frame)")
        }
        #expect(!alone.renderStates.isEmpty)
    }

    /// The audio plugin mixes one buffer per period owed: 60 frames of 1/60 s at 48 kHz owe 1.5625
    /// buffers each, 93 in all, and the samples are those of the mixer alone.
    @Test func audioMixesOneBufferPerPeriodOwed() throws {
        let app = try App()
        try app.add(AudioPlugin(format: Self.format))
        let mixer = try app.world.resources.get(AudioMixer.self)
        let alone = try AudioMixer(format: Self.format, world: World())
        for target in [mixer, alone] {
            try target.spawnVoice(asset: target.addAsset(Self.tone(frequency: 440)), gain: 0.5, looping: true)
        }
        var buffer = [Float](repeating: 0, count: 1024)
        var counts: [Int] = []
        for _ in 0..<60 {
            try app.update(deltaTime: 1.0 / 60)
            let output = try app.world.resources.get(AudioMixOutput.self)
            counts.append(output.buffersLastFrame)
            for _ in 0..<output.buffersLastFrame { try alone.mix(into: &buffer) }
            if output.buffersLastFrame > 0 { #expect(output.buffer == buffer) }
        }
        #expect(counts.reduce(0, +) == 93 && Set(counts) == [1, 2])
        #expect(try app.world.resources.get(AudioMixOutput.self).framesOwed < 512)
    }

    /// Adding a plugin twice is a typed error; a world holds one confetti cloud.
    @Test func duplicatesAndASecondCloudAreTypedErrors() throws {
        let app = try App()
        try app.add(TilesPlugin())
        #expect(throws: ECSError.self) { try app.add(TilesPlugin()) }
        let simulation = try ConfettiSimulation(configuration: .snowfall, world: app.world)
        try simulation.start(canvasSize: SIMD2(100, 100), seed: 1)
        let other = try ConfettiSimulation(configuration: .snowfall, world: app.world)
        let error = #expect(throws: ConfettiError.self) { try other.start(canvasSize: SIMD2(100, 100), seed: 2) }
        #expect(error?.message.contains("a world holds one cloud at a time") == true)
        simulation.stop()
        try other.start(canvasSize: SIMD2(100, 100), seed: 2)
    }
}

extension PluginCompositionTests {
    /// The plugins' resources hold the world they live in; the app breaks that cycle when it
    /// goes away, so the world and everything in it is freed.
    @Test func anAppAndItsWorldAreFreedWhenDropped() throws {
        weak var world: World?
        weak var mixer: AudioMixer?
        do {
            let app = try Self.drawingApp(order: [0, 1, 2], threads: 2)
            try Self.run(app)
            world = app.world
            mixer = try app.world.resources.get(AudioMixer.self)
            #expect(world != nil && mixer != nil)
        }
        #expect(world == nil)
        #expect(mixer == nil)
    }
}
