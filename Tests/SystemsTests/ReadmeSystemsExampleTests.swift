import Foundation
import Testing
import Systems

/// The systems example of README.md, compiled and run as printed there (writing into a
/// temporary directory instead of the working directory).
@Test func readmeSystemsExampleRuns() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("readme-frame-\(UInt32.random(in: 0...UInt32.max)).png").path
    defer { try? FileManager.default.removeItem(atPath: path) }

    let simulation = try ConfettiSimulation(configuration: .snowfall, world: World())
    try simulation.start(canvasSize: SIMD2(300, 600), seed: 12345)
    simulation.update(at: 1.0 / 60)
    var canvas = try RGBA8Canvas(width: 300, height: 600, background: .black)
    canvas.drawParticles(simulation.renderStates)
    try PNGCodec.write(canvas, to: path)

    let decoded = try PNGCodec.read(contentsOf: path)
    #expect(decoded.width == 300 && decoded.height == 600)
    #expect(simulation.renderStates.count == ConfettiConfig.snowfall.lifecycle.particleCount)
}
