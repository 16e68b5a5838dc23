import Foundation
import SnapshotTesting
import Testing
@testable import Platform
@testable import Render
import Render

/// Renders fixed scenes and compares them with the reference images committed in
/// `References/`. A missing reference is recorded there and the test fails, so that the new
/// reference is reviewed and committed.
@Suite("Snapshot references")
struct SnapshotReferenceTests {
    /// The directory of the committed references, next to this file.
    private static let references = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("References")
        .path

    /// Confetti-like rectangles over a polyline waveform, at the fixture's configured size.
    private static func confettiScene(_ configuration: SnapshotConfiguration) throws -> RGBA8Canvas {
        var canvas = try RGBA8Canvas(
            width: configuration.width, height: configuration.height,
            background: RGBAColor(r: 0.05, g: 0.05, b: 0.1)
        )
        let size = SIMD2(Float(configuration.width), Float(configuration.height))
        let wave = (0...120).map { (step: Int) -> SIMD2<Float> in
            let x = Float(step) / 120
            return SIMD2(x * size.x, size.y * (0.5 + 0.3 * sin(x * 12) * cos(x * 3)))
        }
        canvas.drawPolyline(wave, width: 2, color: RGBAColor(r: 0.3, g: 0.9, b: 0.5))

        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> Float {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Float(state >> 40) / Float(1 << 24)
        }
        let palette = [
            RGBAColor(r: 1, g: 0.3, b: 0.3), RGBAColor(r: 1, g: 0.8, b: 0.2),
            RGBAColor(r: 0.3, g: 0.6, b: 1), RGBAColor(r: 0.9, g: 0.4, b: 0.9),
        ]
        let rects = (0..<400).map { (index: Int) -> RotatedRect in
            RotatedRect(
                center: SIMD2(next() * size.x, next() * size.y),
                size: SIMD2(8 + next() * 8, 8 + next() * 8),
                rotation: next() * 2 * .pi,
                color: palette[index % palette.count],
                opacity: 0.4 + next() * 0.6
            )
        }
        canvas.drawRects(rects)
        return canvas
    }

    @Test("the confetti scene matches its reference")
    func confettiScene() throws {
        let fixture = "confettiScene"
        let configuration = SnapshotConfiguration.forFixture(fixture)
        let outcome = try assertSnapshot(
            of: Self.confettiScene(configuration), named: fixture, in: Self.references
        )
        guard case .matched(let comparison) = outcome else {
            Issue.record("\(outcome): review and commit the new reference image")
            return
        }
        #expect(comparison.passed)
    }
}
