import ECS
import Testing
@testable import Confetti
@testable import Platform
@testable import Render
import Confetti

/// Render states after `steps` fixed steps of a run on `threads` threads.
private func run(threads: Int, emission: ConfettiEmission, steps: Int) throws -> [ParticleRenderState] {
    var config = ConfettiFixture.config(count: 20_003, duration: 3, emission: emission)
    config.spawn.boundaryMargin = 20
    let simulation = try ConfettiSimulation(configuration: config, world: World(), threadCount: threads)
    try simulation.start(canvasSize: SIMD2(800, 600), seed: 77)
    try simulation.advance(steps: steps)
    return simulation.renderStates
}

@Test(arguments: [ConfettiEmission.burst, .continuous])
func threadCountDoesNotChangeTheBits(emission: ConfettiEmission) throws {
    let single = try run(threads: 1, emission: emission, steps: 90)
    #expect(single.count > ConfettiCloud.chunkSize)
    #expect(try run(threads: 2, emission: emission, steps: 90) == single)
    #expect(try run(threads: 8, emission: emission, steps: 90) == single)
}
