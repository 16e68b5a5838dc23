import Testing
@testable import Platform
@testable import Render
import Render

/// A batch draw that clears to the background the canvas was last cleared to clears only the
/// region drawn since: the pixels must be those of a canvas cleared whole, frame after frame,
/// whatever else changed the canvas in between.
@Suite("Canvas cleared regions")
struct CanvasClearedRegionTests {
    static let (width, height) = (203, 157)
    static let background = RGBAColor(r: 0.08, g: 0.08, b: 0.12)

    /// `count` rectangles of the banded-draw tests squeezed into the `size` pixels around
    /// `center` (their sizes scaled alike), so a frame changes only part of the canvas.
    static func cloud(count: Int, center: SIMD2<Float>, size: SIMD2<Float>, seed: UInt64) -> [RotatedRect] {
        let scale = size / SIMD2(Float(width), Float(height))
        return CanvasBandedDrawTests.rects(count: count, width: width, height: height, seed: seed).map { rect in
            var rect = rect
            rect.center = center + (rect.center - SIMD2(Float(width), Float(height)) / 2) * scale
            rect.size *= scale
            return rect
        }
    }

    /// Frames that move around the canvas: small clouds, an empty frame, a cloud across the
    /// right edge, one large rectangle turned by 30 degrees, rectangles far off the canvas.
    static let frames: [[RotatedRect]] = [
        cloud(count: 300, center: SIMD2(40, 30), size: SIMD2(50, 40), seed: 1),
        cloud(count: 300, center: SIMD2(150, 120), size: SIMD2(60, 50), seed: 2),
        [],
        cloud(count: 200, center: SIMD2(200, 80), size: SIMD2(70, 90), seed: 3),
        [RotatedRect(center: SIMD2(100, 80), size: SIMD2(150, 60), rotation: .pi / 6, color: RGBAColor(r: 1, g: 0.5, b: 0))],
        cloud(count: 400, center: SIMD2(60, 110), size: SIMD2(30, 30), seed: 4),
        [RotatedRect(center: SIMD2(-4000, 9000), size: SIMD2(20, 20), rotation: 1, color: RGBAColor(r: 0, g: 1, b: 0))],
        cloud(count: 100, center: SIMD2(101, 78), size: SIMD2(8, 6), seed: 5),
    ]

    /// The pixels in which `canvas` differs from `expected`.
    static func differences(_ canvas: RGBA8Canvas, _ expected: RGBA8Canvas) -> Int {
        zip(canvas.storage, expected.storage).count { $0 != $1 }
    }

    /// A canvas cleared whole to the background, then `rects` drawn on it.
    static func fresh(_ rects: [RotatedRect]) throws -> RGBA8Canvas {
        var canvas = try RGBA8Canvas(width: width, height: height, background: background)
        canvas.drawBatch(rects)
        return canvas
    }

    @Test("frame after frame, a draw that clears only what the last one drew gives the pixels of a whole clear",
          arguments: [(1, 32), (2, 7), (3, 1)])
    func framesMatchWholeClears(threads: Int, rowsPerBand: Int) throws {
        var canvas = try RGBA8Canvas(width: Self.width, height: Self.height, background: RGBAColor(r: 1, g: 1, b: 1))
        for (index, rect) in Self.frames.enumerated() {
            canvas.drawBatch(rect, threads: threads, rowsPerBand: rowsPerBand, clearingTo: Self.background)
            let expected = try Self.fresh(rect)
            #expect(Self.differences(canvas, expected) == 0, "frame \(index)")
            // Every pixel the frame changed lies in the region the canvas keeps for it.
            let pixel = RGBA8Canvas.packed(Self.background)
            let drawn = try #require(canvas.clearedBackground?.drawn)
            #expect(canvas.clearedBackground?.pixel == pixel)
            for y in 0..<Self.height {
                for x in 0..<Self.width where expected.storage[y * Self.width + x] != pixel {
                    #expect(drawn.columns.contains(x) && drawn.rows.contains(y), "frame \(index) pixel \(x), \(y)")
                }
            }
        }
    }

    @Test("any other change to the pixels, on the canvas or a copy, is cleared by the next draw")
    func otherChangesAreCleared() throws {
        let frame = Self.frames[0]
        let expected = try Self.fresh(frame)
        let changes: [(String, (inout RGBA8Canvas) -> Void)] = [
            ("fillRect", { _ = $0.fillRect(x: 180, y: 130, width: 10, height: 10, color: RGBAColor(r: 1, g: 0, b: 0)) }),
            ("fillRotatedRect", {
                _ = $0.fillRotatedRect(
                    center: SIMD2(170, 20), size: SIMD2(9, 5), rotation: 1, color: RGBAColor(r: 0, g: 0, b: 1))
            }),
            ("drawLine", {
                _ = $0.drawLine(from: SIMD2(0, 150), to: SIMD2(200, 150), width: 2, color: RGBAColor(r: 1, g: 1, b: 1))
            }),
            ("a draw without clearing", { $0.drawBatch(Self.frames[1]) }),
            ("a draw clearing to another colour", { $0.drawBatch(Self.frames[1], clearingTo: RGBAColor(r: 0.5, g: 0, b: 0)) }),
            ("clear to another colour", { $0.clear(RGBAColor(r: 0, g: 0.5, b: 0)) }),
        ]
        for (name, change) in changes {
            var canvas = try RGBA8Canvas(width: Self.width, height: Self.height)
            canvas.drawBatch(frame, clearingTo: Self.background)
            var copy = canvas
            change(&canvas)
            canvas.drawBatch(frame, clearingTo: Self.background)
            #expect(Self.differences(canvas, expected) == 0, "after \(name)")
            // The copy kept its own pixels and region; a change to it leaves the original alone.
            copy.drawBatch(frame, clearingTo: Self.background)
            #expect(Self.differences(copy, expected) == 0, "a copy, after \(name)")
            change(&copy)
            canvas.drawBatch(frame, clearingTo: Self.background)
            #expect(Self.differences(canvas, expected) == 0, "after \(name) on a copy")
        }
    }

    @Test("a new canvas and clear(_:) leave nothing to clear, and a draw clearing to their colour draws on them")
    func clearThenDraw() throws {
        var created = try RGBA8Canvas(width: Self.width, height: Self.height, background: Self.background)
        #expect(created.clearedBackground?.drawn == .empty)
        created.drawBatch(Self.frames[0], clearingTo: Self.background)
        #expect(Self.differences(created, try Self.fresh(Self.frames[0])) == 0)
        var canvas = try RGBA8Canvas(width: Self.width, height: Self.height)
        canvas.drawBatch(Self.frames[1])
        canvas.clear(Self.background)
        #expect(canvas.clearedBackground?.drawn == .empty)
        canvas.drawBatch(Self.frames[0], clearingTo: Self.background)
        #expect(Self.differences(canvas, try Self.fresh(Self.frames[0])) == 0)
    }
}
