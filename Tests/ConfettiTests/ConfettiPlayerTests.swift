import ECS
import Testing
@testable import Confetti
@testable import Platform
@testable import Render
import Confetti

@Test func playerDrivesTheSimulationFromItsClock() throws {
    let clock = ManualClock(start: 100)
    let player = try ConfettiPlayer(configuration: ConfettiFixture.config(count: 20), world: World(), seed: 5, clock: clock)
    #expect(player.renderStates.isEmpty)
    try player.play(canvasSize: ConfettiFixture.canvas)
    #expect(player.isPlaying)
    #expect(player.renderStates.count == 20)
    clock.advance(by: 0.05)
    player.tick()
    #expect(player.simulation.cloud?.version == 4)
    player.pause()
    clock.advance(by: 1)
    player.tick()
    #expect(player.simulation.cloud?.version == 4)
    player.resume()
    clock.advance(by: 1.0 / 60.0)
    player.tick()
    #expect(player.simulation.cloud?.version == 5)
    player.seek(to: 1)
    #expect(player.simulation.currentTime > 0.98)
    player.stop()
    #expect(player.renderStates.isEmpty)
    #expect(!player.isPlaying)
}

@Test func playsWithTheSameSeedAreIdentical() throws {
    let clock = ManualClock()
    let player = try ConfettiPlayer(configuration: ConfettiFixture.config(count: 20), world: World(), seed: 5, clock: clock)
    try player.play(canvasSize: ConfettiFixture.canvas)
    let first = player.renderStates
    try player.play(canvasSize: ConfettiFixture.canvas)
    #expect(player.renderStates == first)
    try player.play(canvasSize: ConfettiFixture.canvas, seed: 6)
    #expect(player.renderStates != first)
    #expect(throws: ConfettiError.self) { try player.play(canvasSize: SIMD2(-1, 1)) }
    #expect(throws: ConfettiError.self) { try player.updateCanvasSize(SIMD2(.nan, 1)) }
}
