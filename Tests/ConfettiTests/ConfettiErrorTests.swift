import Testing
@testable import Confetti

/// Errors keep their cause: a world's refusal reaches the caller with the world's code and
/// message, and a call that cannot throw records it instead of dropping it.
@Suite struct ConfettiErrorTests {
    @Test func aWorldErrorKeepsItsCodeAndMessage() {
        let stale = ConfettiError(ECSError(.staleEntity, "entity 3v1 was destroyed"))
        #expect(stale.code == .world && stale.worldCode == .staleEntity)
        #expect(stale.message == "entity 3v1 was destroyed")
        #expect(stale.description == "[world: stale_entity] entity 3v1 was destroyed")
        let invalid = ConfettiError(ECSError(.invalidArgument, "negative count"))
        #expect(invalid.code == .invalidArgument && invalid.worldCode == .invalidArgument)
        #expect(invalid.description == "[invalid_argument] negative count")
        let own = ConfettiError(.invalidArgument, "bad canvas")
        #expect(own.worldCode == nil && own.description == "[invalid_argument] bad canvas")
    }

    /// A stop inside a query loop of the particles' world is refused by the world (no
    /// structural change while a loop runs); the refusal lands in `lastError` with the world's
    /// code, the run goes on untouched, and a stop between frames then ends it.
    @Test func aRefusedStopIsRecordedWithTheWorldsCode() throws {
        let world = World()
        let simulation = try ConfettiSimulation(configuration: ConfettiFixture.config(count: 5), world: world)
        try simulation.start(canvasSize: SIMD2(300, 300), seed: 1)
        #expect(simulation.lastError == nil)
        try world.query(Read<ConfettoOpacity>.self).forEach { _, _ in simulation.stop() }
        let error = try #require(simulation.lastError)
        #expect(error.code == .world && error.worldCode != nil)
        #expect(simulation.state.isRunning && simulation.cloud?.aliveCount == 5, "a refused stop changes nothing")
        simulation.stop()
        #expect(simulation.cloud == nil && world.entityCount == 0)
    }
}
