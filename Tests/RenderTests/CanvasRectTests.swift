import Testing
@testable import Platform
@testable import Render
import Render

@Suite("Canvas rectangles")
struct CanvasRectTests {
    private let red = RGBAColor(r: 1, g: 0, b: 0)
    private let blue = RGBAColor(r: 0, g: 0, b: 1)

    @Test("a pixel is filled when its centre is inside; left and top edges are inclusive")
    func pixelCentresRule() throws {
        var canvas = try RGBA8Canvas(width: 10, height: 10)
        canvas.fillRect(x: 2, y: 3, width: 4, height: 2, color: red)
        for y in 0..<10 {
            for x in 0..<10 {
                let inside = (2..<6).contains(x) && (3..<5).contains(y)
                #expect(canvas.pixel(x: x, y: y) == (inside ? SIMD4(255, 0, 0, 255) : .zero))
            }
        }

        var edges = try RGBA8Canvas(width: 10, height: 10)
        // Centres at 1.5 (on the left edge: in) and 2.5 (on the right edge: out).
        edges.fillRect(x: 1.5, y: 0.5, width: 1, height: 1, color: red)
        #expect(coveredPixelCount(edges.image()) == 1)
        #expect(edges.pixel(x: 1, y: 0)?[3] == 255)
    }

    @Test("rotation 0 fills exactly the axis-aligned rectangle", arguments: [
        (SIMD2<Float>(10.5, 12.25), SIMD2<Float>(7, 5.5)),
        (SIMD2<Float>(3, 4), SIMD2<Float>(8, 8)),
        (SIMD2<Float>(-2.75, 30.5), SIMD2<Float>(12.5, 9)),
        (SIMD2<Float>(16, 16), SIMD2<Float>(40, 3.25)),
    ])
    func rotationZeroMatchesAxisAligned(center: SIMD2<Float>, size: SIMD2<Float>) throws {
        var rotated = try RGBA8Canvas(width: 32, height: 32)
        var axis = try RGBA8Canvas(width: 32, height: 32)
        rotated.fillRotatedRect(center: center, size: size, rotation: 0, color: red)
        let corner = center - size / 2
        axis.fillRect(x: corner.x, y: corner.y, width: size.x, height: size.y, color: red)
        #expect(rotated.image() == axis.image())
    }

    @Test("a quarter turn swaps width and height")
    func quarterTurnSwapsSides() throws {
        for rotation in [Float.pi / 2, -Float.pi / 2, 3 * Float.pi / 2] {
            var rotated = try RGBA8Canvas(width: 40, height: 40)
            var axis = try RGBA8Canvas(width: 40, height: 40)
            rotated.fillRotatedRect(center: SIMD2(20, 20), size: SIMD2(12, 6), rotation: rotation, color: red)
            axis.fillRect(x: 17, y: 14, width: 6, height: 12, color: red)
            #expect(rotated.image() == axis.image(), "rotation \(rotation)")
        }
    }

    @Test("a positive rotation turns the x axis toward +y, clockwise on screen")
    func rotationDirection() throws {
        var canvas = try RGBA8Canvas(width: 64, height: 64)
        canvas.fillRotatedRect(center: SIMD2(32, 32), size: SIMD2(40, 2), rotation: 0.3, color: red)
        // The right end sits about 18 * tan(0.3) = 5.6 pixels below the centre.
        #expect(canvas.pixel(x: 50, y: 37)?[3] == 255)
        #expect(canvas.pixel(x: 50, y: 26)?[3] == 0)
        #expect(canvas.pixel(x: 14, y: 26)?[3] == 255)
    }

    @Test("a square turned 45 degrees keeps its area and stays symmetric")
    func diagonalSquare() throws {
        var canvas = try RGBA8Canvas(width: 64, height: 64)
        canvas.fillRotatedRect(center: SIMD2(32, 32), size: SIMD2(20, 20), rotation: .pi / 4, color: red)
        let image = canvas.image()
        #expect(abs(coveredPixelCount(image) - 400) <= 20)
        for y in 0..<64 {
            for x in 0..<64 {
                #expect(image.pixel(x: x, y: y) == image.pixel(x: 63 - x, y: y))
                #expect(image.pixel(x: x, y: y) == image.pixel(x: x, y: 63 - y))
            }
        }
        // The corners point along the axes: about 14.14 pixels from the centre.
        #expect(image.pixel(x: 32, y: 32 - 13)?[3] == 255)
        #expect(image.pixel(x: 32, y: 32 - 16)?[3] == 0)
        #expect(image.pixel(x: 32 - 10, y: 32 - 10)?[3] == 0)
    }

    @Test("opacity 0.5 blends source-over with rounding to nearest")
    func halfOpacityBlend() throws {
        var canvas = try RGBA8Canvas(width: 4, height: 4, background: red)
        canvas.fillRect(x: 0, y: 0, width: 4, height: 4, color: blue, opacity: 0.5)
        // Source alpha round(0.5 * 255) = 128; red keeps round(255 * 127 / 255) = 127.
        #expect(canvas.pixel(x: 2, y: 2) == SIMD4(127, 0, 128, 255))

        var transparent = try RGBA8Canvas(width: 4, height: 4)
        transparent.fillRect(x: 0, y: 0, width: 4, height: 4, color: .white, opacity: 0.5)
        #expect(transparent.premultipliedPixel(x: 1, y: 1) == SIMD4(128, 128, 128, 128))
        #expect(transparent.pixel(x: 1, y: 1) == SIMD4(255, 255, 255, 128))
    }

    @Test("spans of every length blend each pixel exactly once")
    func spanLengths() throws {
        let background = try makePatternImage(width: 48, height: 24, opaque: true)
        var canvas = RGBA8Canvas(image: background)
        let color = RGBAColor(r: 0.2, g: 0.9, b: 0.4, a: 0.8)
        for length in 1...24 {
            canvas.fillRect(x: Float(length), y: Float(length - 1), width: Float(length), height: 1, color: color, opacity: 0.75)
        }
        // The source is premultiplied and rounded once; each destination channel is scaled
        // by (255 - alpha) / 255 and rounded to nearest.
        let coverage: Float = 0.8 * 0.75
        let alpha = (coverage * 255 + 0.5).rounded(.down)
        let source: [Float] = [color.r, color.g, color.b].map { ($0 * coverage * 255 + 0.5).rounded(.down) }
        for y in 0..<24 {
            for x in 0..<48 {
                let original = try #require(background.pixel(x: x, y: y))
                var expected = original
                if x >= y + 1 && x < 2 * (y + 1) {
                    for channel in 0..<3 {
                        let kept = (Float(original[channel]) * (255 - alpha) / 255).rounded()
                        expected[channel] = UInt8(source[channel] + kept)
                    }
                }
                #expect(canvas.pixel(x: x, y: y) == expected, "pixel \(x), \(y)")
            }
        }
    }

    @Test("canvases narrower than four pixels blend every pixel", arguments: [1, 2, 3, 4])
    func narrowCanvas(width: Int) throws {
        var canvas = try RGBA8Canvas(width: width, height: 3, background: .black)
        canvas.fillRect(x: 0, y: 0, width: Float(width), height: 3, color: .white, opacity: 0.5)
        for y in 0..<3 {
            for x in 0..<width {
                #expect(canvas.pixel(x: x, y: y) == SIMD4(128, 128, 128, 255))
            }
        }
    }

    @Test("the batch forms agree with single draws")
    func batchForms() throws {
        let rects = (0..<50).map { (index: Int) -> RotatedRect in
            let step = Float(index)
            let color = RGBAColor(
                r: Float(index % 5) / 4, g: Float(index % 3) / 2, b: 1 - Float(index % 4) / 3
            )
            return RotatedRect(
                center: SIMD2(Float(index * 7 % 64), Float(index * 13 % 48)),
                size: SIMD2(Float(8 + index % 9), Float(16 - index % 7)),
                rotation: step * 0.37,
                color: color,
                opacity: index % 3 == 0 ? 1 : 0.6
            )
        }
        var single = try RGBA8Canvas(width: 64, height: 48, background: .white)
        for rect in rects {
            single.fillRotatedRect(
                center: rect.center, size: rect.size, rotation: rect.rotation, color: rect.color, opacity: rect.opacity
            )
        }
        var batch = try RGBA8Canvas(width: 64, height: 48, background: .white)
        let batchDrawn = batch.drawRects(rects)
        #expect(batchDrawn == rects.count)

        var columns = try RGBA8Canvas(width: 64, height: 48, background: .white)
        let centerColumn: [SIMD2<Float>] = rects.map(\.center)
        let sizeColumn: [SIMD2<Float>] = rects.map(\.size)
        let rotationColumn: [Float] = rects.map(\.rotation)
        let colorColumn: [RGBAColor] = rects.map(\.color)
        let opacityColumn: [Float] = rects.map(\.opacity)
        let drawn = try centerColumn.withUnsafeBufferPointer { centers in
            try sizeColumn.withUnsafeBufferPointer { sizes in
                try rotationColumn.withUnsafeBufferPointer { rotations in
                    try colorColumn.withUnsafeBufferPointer { colors in
                        try opacityColumn.withUnsafeBufferPointer { opacities in
                            try columns.drawRects(
                                centers: centers, sizes: sizes, rotations: rotations, colors: colors, opacities: opacities
                            )
                        }
                    }
                }
            }
        }
        #expect(drawn == rects.count)
        #expect(batch.image() == single.image())
        #expect(columns.image() == single.image())
        #expect(coveredPixelCount(single.image()) > 0)
    }

    @Test("clear replaces pixels without blending")
    func clearReplaces() throws {
        var canvas = try RGBA8Canvas(width: 3, height: 2, background: red)
        canvas.clear(RGBAColor(r: 0, g: 1, b: 0, a: 0.5))
        #expect(canvas.pixel(x: 2, y: 1) == SIMD4(0, 255, 0, 128))
        canvas.clear(.clear)
        #expect(coveredPixelCount(canvas.image()) == 0)
    }
}
