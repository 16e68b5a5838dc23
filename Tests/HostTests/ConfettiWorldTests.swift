import ECS
import Host
import HostExamples
import Confetti
import Testing

@Suite struct ConfettiWorldTests {
    private func confetti(_ input: ConfettiWorldInput? = ConfettiWorldInput(width: 300, height: 600, seed: 7)) throws
        -> (clock: VirtualClock, handle: ActorObservable) {
        let clock = VirtualClock()
        let host = WorldHost(clock: clock)
        try host.register(ConfettiWorld.definition())
        let handle = try HostClient(host: host).actor("confetti", key: "party", createWithInput: input)
        handle.mount()
        return (clock, handle)
    }

    @Test func startPlaysAndFramesCarryTheAliveCount() async throws {
        let (clock, handle) = try confetti()
        let frames = Recorder<Int>()
        handle.onEvent("frame") { (alive: Int) in frames.append(alive) }
        // The documented `start(seed?)`, its optional seed left out.
        let alive: Int = try await handle.action("start")
        #expect(alive == ConfettiConfig.celebration.lifecycle.particleCount)
        try clock.advance(seconds: 0.5)
        #expect(frames.all.count == 30)
        #expect(frames.all.allSatisfy { $0 > 0 && $0 <= alive })
    }

    @Test func theHostedPlayerMatchesAPlayerDrivenDirectly() async throws {
        let (clock, handle) = try confetti()
        let frames = Recorder<Int>()
        handle.onEvent("frame") { (alive: Int) in frames.append(alive) }
        let _: Int = try await handle.action("start", UInt64(7))
        try clock.advance(seconds: 3)

        let reference = ManualClock()
        let player = try ConfettiPlayer(configuration: .celebration, world: World(), seed: 7, clock: reference)
        try player.play(canvasSize: SIMD2(300, 600))
        var expected: [Int] = []
        for _ in 0..<180 {
            reference.advance(by: 1.0 / 60)
            player.tick()
            expected.append(player.renderStates.count)
        }
        #expect(frames.all == expected)
    }

    @Test func pauseHoldsAndSeekReplays() async throws {
        let (clock, handle) = try confetti()
        let frames = Recorder<Int>()
        handle.onEvent("frame") { (alive: Int) in frames.append(alive) }
        let _: Int = try await handle.action("start", UInt64?.none)
        try clock.advance(seconds: 0.1)
        let playing: Bool = try await handle.action("pause")
        #expect(!playing)
        let before = frames.all.count
        try clock.advance(seconds: 1)
        #expect(frames.all.count == before)
        let atEnd: Int = try await handle.action("seek", 1e9)
        #expect(atEnd <= ConfettiConfig.celebration.lifecycle.particleCount)
        let error = await actorError { let _: Int = try await handle.action("seek", "soon") }
        #expect(error?.code == "invalid_arguments")
    }

    @Test func aBadCanvasFailsTheCreation() throws {
        let (_, handle) = try confetti(ConfettiWorldInput(width: -1))
        #expect(handle.connStatus == .disconnected)
        #expect(handle.error?.code == "create_failed")
    }
}
