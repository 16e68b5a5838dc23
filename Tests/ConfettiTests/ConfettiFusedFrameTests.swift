import ECS
import Testing
@testable import Confetti
@testable import Platform
@testable import Render
import Confetti

/// A frame whose render states are read after every step renders them in the step's own pass;
/// these tests check that it gives the bits of a step followed by a separate render pass.
@Suite struct ConfettiFusedFrameTests {
    /// Steps a run frame by frame on `threads` threads, reading the render states after each
    /// step, and compares them with a separate render pass over the same cloud and with a run
    /// whose render states are read only at the end.
    @Test(arguments: [ConfettiEmission.burst, .continuous], [1, 2, 3])
    func fusedFramesGiveTheBitsOfSeparatePasses(emission: ConfettiEmission, threads: Int) throws {
        var config = ConfettiFixture.config(count: 20_003, duration: 3, emission: emission)
        config.spawn.boundaryMargin = 20
        let drawn = try ConfettiSimulation(configuration: config, world: World(), threadCount: threads)
        let unread = try ConfettiSimulation(configuration: config, world: World(), threadCount: 1)
        try drawn.start(canvasSize: SIMD2(800, 600), seed: 77)
        try unread.start(canvasSize: SIMD2(800, 600), seed: 77)
        let initial = drawn.cloud?.aliveCount ?? 0
        var fusedFrames = 0
        for _ in 0..<60 {
            _ = drawn.renderStates.count
            try drawn.advance(steps: 1)
            let cloud = try #require(drawn.cloud)
            if drawn.cachedRenderVersion == cloud.version { fusedFrames += 1 }
            #expect(drawn.renderStates == ConfettiRenderer.renderStates(from: cloud))
        }
        try unread.advance(steps: 60)
        let cloud = try #require(drawn.cloud)
        #expect(fusedFrames == 60)
        #expect(cloud.states == unread.cloud?.states)
        #expect(drawn.renderStates == unread.renderStates)
        // Particles left the area, so the frames respawned (continuous) or compacted (burst) rows.
        if emission == .continuous {
            #expect(cloud.aliveCount == initial)
            #expect(!cloud.rewrittenRows.isEmpty || cloud.layoutVersion > 0)
        } else {
            #expect(cloud.aliveCount < initial)
        }
    }

    /// Several steps in one update render only after the last; skipped reads fuse nothing.
    @Test func onlyTheLastStepOfABatchRenders() throws {
        let simulation = try ConfettiFixture.started(ConfettiFixture.config(count: 500, emission: .continuous))
        _ = simulation.renderStates.count
        try simulation.advance(steps: 3)
        let cloud = try #require(simulation.cloud)
        #expect(simulation.cachedRenderVersion == cloud.version)
        try simulation.advance(steps: 1)
        #expect(simulation.cachedRenderVersion != cloud.version)
        let reference = ConfettiRenderer.renderStates(from: cloud)
        #expect(simulation.renderStates == reference)
    }
}

/// The traffic counts follow the column layout: 40 bytes of step state read and 28 written,
/// 8 of size, and the 48-byte render state read and written; the separate pass reads position,
/// rotation and opacity (20 bytes) again.
@Test func frameTrafficFollowsTheColumnLayout() {
    let record = MemoryLayout<ParticleRenderState>.stride
    #expect(record == 48)
    #expect(ConfettiFrameTraffic.fusedPass.read == 40 + 8 + record)
    #expect(ConfettiFrameTraffic.fusedPass.written == 28 + record)
    #expect(ConfettiFrameTraffic.separatePasses.read == ConfettiFrameTraffic.fusedPass.read + 20)
    #expect(ConfettiFrameTraffic.separatePasses.written == ConfettiFrameTraffic.fusedPass.written)
    #expect(ConfettiFrameTraffic.fusedPass.total == 172)
}
