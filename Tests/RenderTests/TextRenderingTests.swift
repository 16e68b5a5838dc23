import Foundation
import SnapshotTesting
import Testing
@testable import Platform
@testable import Render
import Render

/// Text through FreeType: drawn pixels stay inside the measured box, glyphs are cached, bad
/// fonts and bad arguments are typed errors, and a text sample matches its reference image.
@Suite("Text rendering")
struct TextRenderingTests {
    private static let references = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().appendingPathComponent("References").path
    private static let background = RGBAColor(r: 1, g: 1, b: 1)

    /// The default font; the suite needs `fonts-dejavu-core` (see scripts/install-deps.sh).
    private static func font() throws -> FontFace {
        try FontFace.locate()
    }

    /// Pixels of `canvas` that differ from the background, split by whether they lie inside
    /// the `width x height` box at `(x, y)`.
    private static func inkedPixels(_ canvas: RGBA8Canvas, box x: Int, _ y: Int, _ width: Int, _ height: Int)
        -> (inside: Int, outside: Int)
    {
        let white = SIMD4<UInt8>(255, 255, 255, 255)
        var inside = 0
        var outside = 0
        for row in 0..<canvas.height {
            for column in 0..<canvas.width where canvas.pixel(x: column, y: row) != white {
                if (x..<x + width).contains(column), (y..<y + height).contains(row) { inside += 1 } else { outside += 1 }
            }
        }
        return (inside, outside)
    }

    @Test(arguments: [TextAlignment.left, .center, .right])
    func textDrawsOnlyInsideItsMeasuredBox(alignment: TextAlignment) throws {
        let font = try Self.font()
        let text = "Judged p99 16.67 ms, jgqy ÄÉ/|"
        var canvas = try RGBA8Canvas(width: 400, height: 60, background: Self.background)
        let origin = SIMD2<Float>(200.4, 17.6)
        let metrics = try canvas.drawText(
            text, at: origin, size: 18, color: RGBAColor(r: 0.1, g: 0.2, b: 0.7), font: font, alignment: alignment)
        #expect(metrics == (try font.measure(text, size: 18)))
        let left = switch alignment {
        case .left: 200
        case .center: 200 - metrics.width / 2
        case .right: 200 - metrics.width
        }
        let ink = Self.inkedPixels(canvas, box: left, 18, metrics.width, metrics.height)
        #expect(ink.outside == 0)
        #expect(ink.inside > 200)
        #expect(metrics.height >= 18 && metrics.height <= 30)
        #expect(metrics.width > 200 && metrics.width < 400)
    }

    @Test func glyphEdgesAreAntiAliased() throws {
        var canvas = try RGBA8Canvas(width: 120, height: 40, background: Self.background)
        try canvas.drawText("Scenario", at: SIMD2(4, 4), size: 20, color: .black, font: Self.font())
        var greys = Set<UInt8>()
        for y in 0..<canvas.height {
            for x in 0..<canvas.width {
                greys.insert(canvas.pixel(x: x, y: y)![0])
            }
        }
        #expect(greys.contains(255) && greys.contains { $0 < 40 })
        #expect(greys.filter { (40..<215).contains($0) }.count > 20)
    }

    @Test func longerTextMeasuresWiderAndEmptyTextDrawsNothing() throws {
        let font = try Self.font()
        #expect(try font.measure("1000 ms", size: 14).width > font.measure("10 ms", size: 14).width)
        #expect(try font.measure("10 ms", size: 28).width > font.measure("10 ms", size: 14).width)
        var canvas = try RGBA8Canvas(width: 20, height: 20, background: Self.background)
        let metrics = try canvas.drawText("", at: SIMD2(5, 5), size: 12, color: .black, font: font)
        #expect(metrics.width == 0)
        #expect(Self.inkedPixels(canvas, box: 0, 0, 0, 0).outside == 0)
    }

    @Test func textOffTheCanvasIsClipped() throws {
        var canvas = try RGBA8Canvas(width: 30, height: 12, background: Self.background)
        try canvas.drawText("clipped text", at: SIMD2(-20, -6), size: 16, color: .black, font: Self.font())
        #expect(Self.inkedPixels(canvas, box: 0, 0, 30, 12).inside > 0)
    }

    @Test func glyphsAreRasterisedOncePerGlyphAndSize() throws {
        let font = try FontFace(contentsOf: try Self.font().path)
        var canvas = try RGBA8Canvas(width: 200, height: 40, background: Self.background)
        try canvas.drawText("aaaa", at: SIMD2(0, 0), size: 12, color: .black, font: font)
        #expect(font.rasterizedGlyphCount == 1)
        try canvas.drawText("aa ab", at: SIMD2(0, 20), size: 12, color: .black, font: font)
        #expect(font.rasterizedGlyphCount == 3)
        _ = try font.measure("a", size: 13)
        #expect(font.rasterizedGlyphCount == 4)
    }

    @Test func aFaceSharedBetweenThreadsMeasuresAsOneUsedAlone() async throws {
        let path = try Self.font().path
        let texts = ["0123456789", "Frame budget 16.6 ms", "Ærø ïñ ß"]
        let sizes = Array(9...16)
        let alone = try FontFace(contentsOf: path)
        let expected = try sizes.map { size in try texts.map { try alone.measure($0, size: size) } }
        let shared = try FontFace(contentsOf: path)
        let measured = try await withThrowingTaskGroup(of: (Int, [TextMetrics]).self) { group in
            for (index, size) in sizes.enumerated() {
                group.addTask { (index, try texts.map { try shared.measure($0, size: size) }) }
            }
            var results = [[TextMetrics]](repeating: [], count: sizes.count)
            for try await (index, metrics) in group { results[index] = metrics }
            return results
        }
        #expect(measured == expected)
        #expect(shared.rasterizedGlyphCount == alone.rasterizedGlyphCount)
    }

    @Test func aMissingFontIsATypedErrorNamingThePathAndPackage() throws {
        let path = "/nonexistent/fonts/NoSuchFont.ttf"
        let error = #expect(throws: RenderError.self) { try FontFace(contentsOf: path) }
        #expect(error?.code == .resourceNotFound)
        #expect(error?.message.contains(path) == true)
        #expect(error?.message.contains("fonts-dejavu-core") == true)
    }

    /// A directory where the font should be is unreadable, not missing and not a bad font.
    @Test func aDirectoryInPlaceOfTheFontIsUnreadable() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(throws: RenderError(.resourceUnreadable, "\(directory) is a directory, not a font file; give the path of a TrueType font")) {
            try FontFace(contentsOf: directory)
        }
    }

    @Test func noFontOnTheSearchPathIsATypedErrorListingThePaths() throws {
        let paths = ["/nonexistent/a.ttf", "/nonexistent/b.ttf"]
        let error = #expect(throws: RenderError.self) { try FontFace.locate(searching: paths) }
        #expect(error?.code == .resourceNotFound)
        #expect(error?.message.contains("/nonexistent/a.ttf, /nonexistent/b.ttf") == true)
        #expect(error?.message.contains("fonts-dejavu-core") == true)
        let override = #expect(throws: RenderError.self) {
            try FontFace.locate(override: "/nonexistent/c.ttf", searching: FontFace.defaultPaths)
        }
        #expect(override?.message.contains("/nonexistent/c.ttf") == true)
    }

    @Test(arguments: [0, 7, 4096])
    func aCorruptFontFileIsATypedError(byteCount: Int) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/broken.ttf"
        var bytes = [UInt8](repeating: 0, count: byteCount)
        for index in bytes.indices { bytes[index] = UInt8(truncatingIfNeeded: index &* 151 &+ 7) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: RenderError.self) { try FontFace(contentsOf: path) }
        #expect(error?.code == .formatInvalid)
        #expect(error?.message.contains("\(path) is not a font") == true)
    }

    @Test func aTruncatedRealFontIsATypedError() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/truncated.ttf"
        let real = try Data(contentsOf: URL(fileURLWithPath: try Self.font().path))
        try real.prefix(64).write(to: URL(fileURLWithPath: path))
        let error = #expect(throws: RenderError.self) { try FontFace(contentsOf: path) }
        #expect(error?.code == .formatInvalid)
        #expect(error?.message.contains(path) == true)
    }

    @Test(arguments: [0, -3, FontFace.maxSize + 1])
    func anOutOfRangeSizeIsATypedError(size: Int) throws {
        var canvas = try RGBA8Canvas(width: 10, height: 10, diagnostics: RenderDiagnostics())
        let font = try Self.font()
        let error = #expect(throws: RenderError.self) {
            try canvas.drawText("x", at: SIMD2(0, 0), size: size, color: .black, font: font)
        }
        #expect(error?.code == .invalidArgument)
        #expect(error?.message.contains("text size \(size)") == true)
        #expect(#expect(throws: RenderError.self) { try font.measure("x", size: size) }?.code == .invalidArgument)
        #expect(canvas.diagnostics?.lastError?.code == .invalidArgument)
    }

    @Test(arguments: [Float.nan, .infinity, 2e7])
    func aNonFiniteOrFarOriginIsATypedError(x: Float) throws {
        var canvas = try RGBA8Canvas(width: 10, height: 10, background: Self.background)
        let font = try Self.font()
        let error = #expect(throws: RenderError.self) {
            try canvas.drawText("x", at: SIMD2(x, 0), size: 10, color: .black, font: font)
        }
        #expect(error?.code == .invalidArgument)
        #expect(Self.inkedPixels(canvas, box: 0, 0, 0, 0).outside == 0)
    }

    @Test func theTextSampleMatchesItsReference() throws {
        let font = try Self.font()
        var canvas = try RGBA8Canvas(width: 300, height: 120, background: Self.background)
        try canvas.drawText("Frame time (ms) 0.5 16.67", at: SIMD2(8, 6), size: 16, color: .black, font: font)
        try canvas.drawText("PASS", at: SIMD2(8, 34), size: 22, color: RGBAColor(r: 0.1, g: 0.55, b: 0.2), font: font)
        try canvas.drawText("FAIL", at: SIMD2(292, 34), size: 22, color: RGBAColor(r: 0.8, g: 0.1, b: 0.1), font: font,
                            alignment: .right)
        canvas.fillRect(x: 0, y: 70, width: 300, height: 50, color: RGBAColor(r: 0.1, g: 0.1, b: 0.15))
        try canvas.drawText("centred, translucent: gjpqy", at: SIMD2(150, 84), size: 14,
                            color: RGBAColor(r: 1, g: 0.9, b: 0.3, a: 0.7), font: font, alignment: .center)
        let outcome = try assertSnapshot(of: canvas, named: "text-sample", in: Self.references)
        guard case .matched(let comparison) = outcome else {
            Issue.record("\(outcome): review and commit the new reference image")
            return
        }
        #expect(comparison.passed)
    }
}
