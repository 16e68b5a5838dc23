import Foundation
import Testing
@testable import Platform
@testable import Render
import Render

@Suite("Canvas lines")
struct CanvasLineTests {
    private let black = RGBAColor.black

    @Test("a line is a rectangle with square caps")
    func horizontalLine() throws {
        var line = try RGBA8Canvas(width: 12, height: 10)
        var rect = try RGBA8Canvas(width: 12, height: 10)
        let drawn = line.drawLine(from: SIMD2(2, 5), to: SIMD2(8, 5), width: 2, color: black)
        #expect(drawn)
        rect.fillRect(x: 1, y: 4, width: 8, height: 2, color: black)
        #expect(line.image() == rect.image())
    }

    @Test("a vertical line matches its rectangle, and widths below 1 draw 1 pixel wide")
    func verticalThinLine() throws {
        var line = try RGBA8Canvas(width: 10, height: 12)
        var rect = try RGBA8Canvas(width: 10, height: 12)
        line.drawLine(from: SIMD2(4.5, 2), to: SIMD2(4.5, 9), width: 0.1, color: black)
        rect.fillRect(x: 4, y: 1.5, width: 1, height: 8, color: black)
        #expect(line.image() == rect.image())
    }

    @Test("a zero-length line is a square")
    func zeroLength() throws {
        var canvas = try RGBA8Canvas(width: 10, height: 10)
        canvas.drawLine(from: SIMD2(5, 5), to: SIMD2(5, 5), width: 4, color: black)
        #expect(coveredPixelCount(canvas.image()) == 16)
    }

    @Test("a polyline draws one segment per pair of points and skips invalid ones")
    func polyline() throws {
        let diagnostics = RenderDiagnostics()
        var canvas = try RGBA8Canvas(width: 64, height: 32, diagnostics: diagnostics)
        let wave = (0..<64).map { (x: Int) -> SIMD2<Float> in
            let phase = Float(x) / 5
            return SIMD2(Float(x), 16 + 10 * sin(phase))
        }
        let segments = canvas.drawPolyline(wave, width: 1.5, color: black)
        #expect(segments == 63)
        #expect(diagnostics.draws == 63)
        #expect(diagnostics.lastError == nil)
        // Every column is covered: square caps close the joints.
        let image = canvas.image()
        for x in 0..<64 {
            #expect((0..<32).contains { image.pixel(x: x, y: $0)?[3] == 255 }, "column \(x)")
        }

        let broken = [SIMD2<Float>(1, 1), SIMD2(.nan, 4), SIMD2(10, 10), SIMD2(20, 10)]
        let brokenSegments = canvas.drawPolyline(broken, width: 1, color: black)
        #expect(brokenSegments == 1)
        #expect(diagnostics.lastError?.code == .invalidArgument)
        let single = canvas.drawPolyline([SIMD2<Float>(1, 1)], width: 1, color: black)
        #expect(single == 0)
        let infiniteWidth = canvas.drawPolyline(wave, width: .infinity, color: black)
        #expect(infiniteWidth == 0)
    }
}
