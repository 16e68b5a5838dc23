import Testing
@testable import Platform
@testable import Render
import Render

@Suite("Canvas bad input")
struct CanvasBadInputTests {
    @Test("sizes outside the caps are invalid arguments", arguments: [
        (0, 10), (10, 0), (-1, 10), (10, -5), (RenderLimits.maxDimension + 1, 1), (Int.max, Int.max),
        (RenderLimits.maxDimension, RenderLimits.maxDimension),
    ])
    func badCanvasSizes(width: Int, height: Int) {
        let error = #expect(throws: RenderError.self) { try RGBA8Canvas(width: width, height: height) }
        #expect(error?.code == .invalidArgument)
    }

    @Test("the largest allowed sides are accepted when the area fits")
    func longThinCanvas() throws {
        let canvas = try RGBA8Canvas(width: RenderLimits.maxDimension, height: 2)
        #expect(canvas.width == RenderLimits.maxDimension)
    }

    @Test("pixel buffers of the wrong length are invalid arguments", arguments: [0, 3, 15, 17, 64])
    func wrongBufferLength(length: Int) {
        let error = #expect(throws: RenderError.self) {
            try RGBA8Image(width: 2, height: 2, pixels: [UInt8](repeating: 0, count: length))
        }
        #expect(error?.code == .invalidArgument)
    }

    @Test("non-finite, negative and absurd shapes are skipped and not counted")
    func skippedShapes() throws {
        let diagnostics = RenderDiagnostics()
        var canvas = try RGBA8Canvas(width: 16, height: 16, diagnostics: diagnostics)
        let white = RGBAColor.white
        let valid = SIMD2<Float>(4, 4)
        let shapes: [RotatedRect] = [
            RotatedRect(center: SIMD2(.nan, 4), size: valid, rotation: 0, color: white),
            RotatedRect(center: valid, size: SIMD2(.infinity, 4), rotation: 0, color: white),
            RotatedRect(center: valid, size: valid, rotation: .infinity, color: white),
            RotatedRect(center: valid, size: SIMD2(-4, 4), rotation: 0, color: white),
            RotatedRect(center: valid, size: valid, rotation: 0, color: white, opacity: .nan),
            RotatedRect(center: valid, size: valid, rotation: 0, color: RGBAColor(r: .nan, g: 0, b: 0)),
            RotatedRect(center: SIMD2(1e9, 4), size: valid, rotation: 0, color: white),
        ]
        for shape in shapes {
            let drawn = canvas.fillRotatedRect(
                center: shape.center, size: shape.size, rotation: shape.rotation, color: shape.color,
                opacity: shape.opacity
            )
            #expect(!drawn, "\(shape)")
        }
        #expect(canvas.drawRects(shapes) == 0)
        let rectDrawn = canvas.fillRect(x: 0, y: 0, width: 4, height: -.infinity, color: white)
        #expect(!rectDrawn)
        #expect(coveredPixelCount(canvas.image()) == 0)
        #expect(diagnostics.draws == 0)
        #expect(diagnostics.lastError?.code == .invalidArgument)
    }

    @Test("shapes partly or wholly off the canvas are clipped")
    func clipping() throws {
        var canvas = try RGBA8Canvas(width: 16, height: 16)
        let rects = [
            RotatedRect(center: SIMD2(-100, -100), size: SIMD2(10, 10), rotation: 1, color: .white),
            RotatedRect(center: SIMD2(0, 0), size: SIMD2(4, 4), rotation: 0, color: .white),
            RotatedRect(center: SIMD2(16, 16), size: SIMD2(4, 4), rotation: 0, color: .white),
            RotatedRect(center: SIMD2(8, 8), size: SIMD2(9e6, 9e6), rotation: 0.3, color: .black, opacity: 0),
            RotatedRect(center: SIMD2(9e6, 8), size: SIMD2(9e6, 2), rotation: 0.001, color: .white),
        ]
        let drawn = canvas.drawRects(rects)
        #expect(drawn == rects.count)
        #expect(canvas.pixel(x: 0, y: 0)?[3] == 255)
        #expect(canvas.pixel(x: 2, y: 2)?[3] == 0)
        #expect(canvas.pixel(x: 15, y: 15)?[3] == 255)
        #expect(canvas.pixel(x: 16, y: 16) == nil)
        #expect(canvas.pixel(x: -1, y: 0) == nil)
    }

    @Test("rectangle columns of different lengths are rejected before drawing")
    func mismatchedColumns() throws {
        var canvas = try RGBA8Canvas(width: 8, height: 8)
        let centers = [SIMD2<Float>(4, 4), SIMD2(2, 2)]
        let sizes = [SIMD2<Float>(2, 2)]
        let rotations: [Float] = [0, 0]
        let colors = [RGBAColor.white, .white]
        let opacities: [Float] = [1, 1]
        let error = #expect(throws: RenderError.self) {
            try centers.withUnsafeBufferPointer { centers in
                try sizes.withUnsafeBufferPointer { sizes in
                    try rotations.withUnsafeBufferPointer { rotations in
                        try colors.withUnsafeBufferPointer { colors in
                            try opacities.withUnsafeBufferPointer { opacities in
                                try canvas.drawRects(
                                    centers: centers, sizes: sizes, rotations: rotations, colors: colors, opacities: opacities
                                )
                            }
                        }
                    }
                }
            }
        }
        #expect(error?.code == .invalidArgument)
        #expect(coveredPixelCount(canvas.image()) == 0)
    }

    @Test("a canvas made from an image gives the image back")
    func imageRoundTrip() throws {
        let opaque = try makePatternImage(width: 9, height: 7, opaque: true)
        #expect(RGBA8Canvas(image: opaque).image() == opaque)
    }
}
