import Foundation
import Testing
import Confetti

/// The confetti example of docs/guides/systems.md, compiled and run as printed there (writing
/// into a temporary directory instead of the working directory).
@Test func readmeSystemsExampleRuns() throws {
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("readme-frame-\(UInt32.random(in: 0...UInt32.max)).png").path
    defer { try? FileManager.default.removeItem(atPath: path) }

    let simulation = try ConfettiSimulation(configuration: .snowfall, world: World())
    try simulation.start(canvasSize: SIMD2(300, 600), seed: 12345)
    for frame in 1...60 { simulation.update(at: Double(frame) / 60) }   // one second of frames; clock time in seconds
    var canvas = try RGBA8Canvas(width: 300, height: 600, background: .black)
    canvas.drawParticles(simulation.renderStates)   // cached until the cloud changes
    try PNGCodec.write(canvas, to: path)

    let decoded = try PNGCodec.read(contentsOf: path)
    #expect(decoded.width == 300 && decoded.height == 600)
    #expect(simulation.renderStates.count == ConfettiConfig.snowfall.lifecycle.particleCount)
}
