import ECS
import Foundation
import Testing
@testable import Confetti
@testable import Platform
@testable import Render
import Confetti

/// Address of an array's storage, to tell a cached array from a recomputed one.
private func storage(_ states: [ParticleRenderState]) -> UnsafeRawPointer? {
    states.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
}

private func cacheFixture(seed: UInt64) throws -> ConfettiSimulation {
    var config = ConfettiFixture.config(count: 10, duration: 5)
    config.physics.fixedDeltaTime = 1.0 / 60.0
    return try ConfettiFixture.started(config, seed: seed)
}

@Test func cacheHitReturnsTheSameArray() throws {
    let simulation = try cacheFixture(seed: 999)
    let first = simulation.renderStates
    let second = simulation.renderStates
    #expect(first.count == 10)
    #expect(first == second)
    #expect(storage(first) == storage(second))
}

@Test func updateInvalidatesTheCache() throws {
    let simulation = try cacheFixture(seed: 111)
    let before = simulation.renderStates.map(\.center.y)
    simulation.update(at: 0.1)
    let after = simulation.renderStates.map(\.center.y)
    #expect(after.count == 10)
    #expect(zip(before, after).contains { abs($0 - $1) > 0.01 })
}

@Test func seekInvalidatesTheCacheEvenForTheSameTarget() throws {
    let simulation = try cacheFixture(seed: 222)
    let before = simulation.renderStates
    simulation.seek(to: 1)
    let first = simulation.renderStates
    #expect(zip(before, first).contains { abs($0.center.y - $1.center.y) > 0.01 })
    let version = simulation.cloud?.version
    simulation.seek(to: 1)
    #expect(simulation.cloud?.version != version)
    #expect(simulation.renderStates == first)
    simulation.seek(to: 0)
    #expect(simulation.renderStates == before)
}

@Test func stopClearsTheCache() throws {
    let simulation = try cacheFixture(seed: 333)
    #expect(simulation.renderStates.count == 10)
    simulation.stop()
    #expect(simulation.renderStates.isEmpty)
}

@Test func testHookInvalidatesTheCache() throws {
    let simulation = try cacheFixture(seed: 444)
    let before = simulation.renderStates.map(\.center.y)
    try simulation.withCloudForTesting { cloud in
        for (row, state) in cloud.states.enumerated() {
            var moved = state
            moved.position.y += 100
            try cloud.setState(moved, at: row)
        }
    }
    let after = simulation.renderStates.map(\.center.y)
    for (old, new) in zip(before, after) {
        #expect(abs(new - old - 100) < 0.001)
    }
}

@Test func pauseKeepsTheCache() throws {
    let simulation = try cacheFixture(seed: 555)
    simulation.update(at: 0.1)
    let before = simulation.renderStates
    simulation.pause()
    let during = simulation.renderStates
    simulation.update(at: 0.5)
    #expect(during == before)
    #expect(storage(during) == storage(before))
    #expect(storage(simulation.renderStates) == storage(before))
}

@Test(arguments: [ConfettiEmission.burst, .continuous], [1, 2])
func recomputedStatesEqualAFreshComputation(emission: ConfettiEmission, threads: Int) throws {
    let config = ConfettiFixture.config(count: 20_000, duration: 5, emission: emission)
    let simulation = try ConfettiFixture.started(config, seed: 666, threads: threads, canvas: SIMD2(200, 300))
    var respawned = false
    for step in 1...40 {
        simulation.update(at: Double(step) / 60.0)
        let cloud = try #require(simulation.cloud)
        respawned = respawned || !cloud.rewrittenRows.isEmpty
        #expect(simulation.renderStates == ConfettiRenderer.renderStates(from: cloud))
    }
    #expect(respawned == (emission == .continuous))
}

@Test func renderMappingFollowsTheOriginalFormulas() throws {
    let simulation = try cacheFixture(seed: 777)
    let cloud = try #require(simulation.cloud)
    let rendered = simulation.renderStates
    for ((traits, state), render) in zip(zip(cloud.traits, cloud.states), rendered) {
        let depth = 0.5 + 0.5 * abs(cos(Double(state.rotation.y)))
        let shade = Double(state.opacity) * (0.7 + 0.3 * abs(cos(Double(state.rotation.x))))
        #expect(render.id == traits.id)
        #expect(render.color == traits.color)
        #expect(render.center == state.position)
        #expect(abs(Double(render.size.x) - Double(traits.size.x) * depth) < 1e-4)
        #expect(abs(Double(render.size.y) - Double(traits.size.y) * depth) < 1e-4)
        #expect(abs(Double(render.opacity) - min(1, max(0, shade))) < 1e-6)
        #expect(abs(Double(render.zRotation) - sin(Double(state.rotation.x)) * 0.3) < 1e-6)
        #expect(render.origin == render.center - render.size * 0.5)
    }
}

@Test func rendererBufferGrowsAndShrinksItsCount() throws {
    let renderer = ConfettiRenderer(initialCapacity: 0)
    let big = try ConfettiFixture.started(ConfettiFixture.config(count: 50))
    let small = try ConfettiFixture.started(ConfettiFixture.config(count: 5))
    #expect(renderer.update(from: try #require(big.cloud)).count == 50)
    #expect(renderer.update(from: try #require(small.cloud)).count == 5)
    #expect(renderer.activeCount == 5)
    renderer.clear()
    #expect(renderer.activeCount == 0)
}

@Test(arguments: [1, 2])
func aRendererReusedAcrossCloudsOfEverySizeMatchesAFreshOne(threads: Int) throws {
    let renderer = ConfettiRenderer(initialCapacity: 0)
    let empty = try ConfettiCloud(world: World(), traits: [], states: [])
    let big = try #require(try ConfettiFixture.started(ConfettiFixture.config(count: 300), seed: 5).cloud)
    let small = try #require(try ConfettiFixture.started(ConfettiFixture.config(count: 7), seed: 6).cloud)
    #expect(renderer.update(from: empty, threads: threads).isEmpty)
    for cloud in [big, empty, small, big, big, empty, empty, small] {
        let rendered = renderer.update(from: cloud, threads: threads)
        #expect(rendered.count == cloud.aliveCount)
        #expect(renderer.activeCount == cloud.aliveCount)
        #expect(rendered == ConfettiRenderer.renderStates(from: cloud))
    }
}

@Test func aVersionBumpOutsideTheSimulationInvalidatesTheCache() throws {
    let simulation = try cacheFixture(seed: 888)
    let cloud = try #require(simulation.cloud)
    let before = simulation.renderStates
    try cloud.setState(cloud.states[0].moved(by: 50), at: 0)
    #expect(simulation.renderStates == before)
    cloud.incrementVersion()
    let after = simulation.renderStates
    #expect(abs(after[0].center.y - before[0].center.y - 50) < 0.001)
    #expect(after == ConfettiRenderer.renderStates(from: cloud))
}

@Test func aRestartedRunRecomputesAndAStoppedOneStaysEmpty() throws {
    let simulation = try cacheFixture(seed: 999)
    let first = simulation.renderStates
    simulation.stop()
    #expect(simulation.renderStates.isEmpty)
    #expect(simulation.renderStates.isEmpty)
    try simulation.start(canvasSize: ConfettiFixture.canvas, seed: 999)
    #expect(simulation.renderStates == first)
    try simulation.start(canvasSize: ConfettiFixture.canvas, seed: 1)
    #expect(simulation.renderStates != first)
    #expect(simulation.renderStates == ConfettiRenderer.renderStates(from: try #require(simulation.cloud)))
}

@Test func thePlayerLendsTheSimulationsCachedArray() throws {
    let clock = ManualClock()
    let player = try ConfettiPlayer(configuration: ConfettiFixture.config(count: 10), world: World(), seed: 3, clock: clock)
    try player.play(canvasSize: ConfettiFixture.canvas)
    clock.advance(by: 0.05)
    player.tick()
    let fromSimulation = player.simulation.renderStates
    let fromPlayer = player.renderStates
    #expect(fromPlayer.count == 10)
    #expect(fromPlayer == fromSimulation)
    #expect(storage(fromPlayer) == storage(fromSimulation))
}

extension ConfettoState {
    /// The state moved down by `points`.
    fileprivate func moved(by points: Float) -> ConfettoState {
        var moved = self
        moved.position.y += points
        return moved
    }
}
