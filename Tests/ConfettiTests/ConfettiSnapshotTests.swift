import Foundation
import SnapshotTesting
import Testing
import Confetti

/// Confetti frames at fixed seeds and times, drawn on the canvas and compared with the
/// reference PNGs committed in `References/` (celebration and snowfall presets; 0, 0.5, 1.5 and
/// 2.9 s; 300x300 with the default tolerances and 512x512 with the large preset).
@Suite("Confetti snapshots")
struct ConfettiSnapshotTests {
    private static let references = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("References").path

    static let presets: [(String, ConfettiConfig)] = [("celebration", .celebration), ("snowfall", .snowfall)]
    static let times = [0.0, 0.5, 1.5, 2.9]
    static let sizes: [(String, SnapshotConfiguration)] = [("300", .default), ("512", .large)]

    /// The frame of `config` at `time` seconds, seed 12345, drawn on a canvas of the fixture size.
    static func frame(_ config: ConfettiConfig, at time: Double, _ snapshot: SnapshotConfiguration) throws -> RGBA8Canvas {
        let simulation = try ConfettiSimulation(configuration: config, world: World())
        try simulation.start(canvasSize: SIMD2(Double(snapshot.width), Double(snapshot.height)), seed: 12345)
        simulation.seek(to: time)
        var canvas = try RGBA8Canvas(
            width: snapshot.width, height: snapshot.height, background: RGBAColor(r: 0.08, g: 0.08, b: 0.12))
        canvas.drawParticles(simulation.renderStates)
        return canvas
    }

    @Test(arguments: 0..<(2 * 4 * 2))
    func frameMatchesItsReference(case index: Int) throws {
        let (presetName, config) = Self.presets[index / 8]
        let time = Self.times[index / 2 % 4]
        let (sizeName, snapshot) = Self.sizes[index % 2]
        let name = "confetti-\(presetName)-t\(time)-\(sizeName)"
        let outcome = try assertSnapshot(
            of: Self.frame(config, at: time, snapshot), named: name, in: Self.references, configuration: snapshot)
        guard case .matched(let comparison) = outcome else {
            Issue.record("\(name): \(outcome); review and commit the new reference image")
            return
        }
        #expect(comparison.passed)
    }

    @Test func aChangedFrameFailsWithAUsefulMessageAndWritesTheDiff() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("confetti-snapshot-\(UInt64.random(in: 0...UInt64.max))").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let reference = try Self.frame(.celebration, at: 0.5, .default)
        try assertSnapshot(of: reference, named: "frame", in: directory, configuration: .default)
        let changed = try Self.frame(.celebration, at: 0.6, .default)
        do {
            try assertSnapshot(of: changed, named: "frame", in: directory, configuration: .default)
            Issue.record("a changed frame matched its reference")
        } catch let mismatch as SnapshotMismatch {
            let message = String(describing: mismatch)
            #expect(message.contains("98.50%"))
            #expect(FileManager.default.fileExists(atPath: directory + "/frame.diff.png"))
            #expect(FileManager.default.fileExists(atPath: directory + "/frame.actual.png"))
        }
    }
}
