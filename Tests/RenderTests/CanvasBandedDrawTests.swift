import SIMDKernels
import Foundation
import Testing
@testable import Platform
@testable import Render

/// Batches drawn band by band on several threads: the pixels must have the same bits as the
/// batch drawn in one band on one thread, for any band height (odd ones, one row, taller than
/// the canvas), any thread count and on both instruction sets.
@Suite("Canvas banded draws")
struct CanvasBandedDrawTests {
    /// `count` rectangles around a `width` x `height` canvas: rotated, some off its edges, some
    /// straddling many bands, some opaque, a few invalid.
    static func rects(count: Int, width: Int, height: Int, seed: UInt64) -> [RotatedRect] {
        var random = SplitMix64(seed: seed)
        func value(_ range: ClosedRange<Float>) -> Float { Float.random(in: range, using: &random) }
        return (0..<count).map { index in
            let tall = index % 17 == 0
            var rect = RotatedRect(
                center: SIMD2(value(-20...Float(width) + 20), value(-20...Float(height) + 20)),
                size: SIMD2(value(0...40), tall ? value(40...200) : value(1...30)),
                rotation: value(-4...4),
                color: RGBAColor(r: value(0...1), g: value(0...1), b: value(0...1), a: value(0...1)),
                opacity: index % 5 == 0 ? 1 : value(0...1))
            if index % 11 == 0 { rect.color.a = 1 }
            if index % 97 == 0 { rect.rotation = .nan }
            return rect
        }
    }

    /// The pixels of `rects` drawn on a fresh canvas in bands of `rowsPerBand` rows on `threads`
    /// threads, with the number of valid rectangles.
    static func draw(
        _ rects: [RotatedRect], width: Int, height: Int, threads: Int, rowsPerBand: Int
    ) throws -> (pixels: [UInt32], drawn: Int) {
        var canvas = try RGBA8Canvas(width: width, height: height, background: RGBAColor(r: 0.1, g: 0.2, b: 0.3))
        let drawn = canvas.drawBatch(rects, threads: threads, rowsPerBand: rowsPerBand)
        return (canvas.storage, drawn)
    }

    @Test("bands of any height on 1, 2 and 3 threads give the pixels of one band", arguments: [
        (1, 32), (2, 32), (3, 32), (2, 7), (3, 13), (2, 1), (3, 1), (1, 5), (2, 500),
    ])
    func bandsMatchOneBand(threads: Int, rowsPerBand: Int) throws {
        // Odd sizes, so no band boundary or block of pixels lines up with the canvas.
        let (width, height) = (203, 157)
        let rects = Self.rects(count: 3000, width: width, height: height, seed: 42)
        let reference = try Self.draw(rects, width: width, height: height, threads: 1, rowsPerBand: height)
        let banded = try Self.draw(rects, width: width, height: height, threads: threads, rowsPerBand: rowsPerBand)
        #expect(banded.drawn == reference.drawn)
        #expect(reference.drawn == rects.count - rects.count { !$0.rotation.isFinite })
        #expect(banded.pixels == reference.pixels)
    }

    @Test("a batch draws like its rectangles drawn one at a time")
    func batchMatchesSingleDraws() throws {
        let (width, height) = (97, 61)
        let rects = Self.rects(count: 400, width: width, height: height, seed: 7)
        var single = try RGBA8Canvas(width: width, height: height, background: RGBAColor(r: 0.1, g: 0.2, b: 0.3))
        for rect in rects {
            single.fillRotatedRect(
                center: rect.center, size: rect.size, rotation: rect.rotation, color: rect.color, opacity: rect.opacity)
        }
        let banded = try Self.draw(rects, width: width, height: height, threads: 2, rowsPerBand: 3)
        #expect(banded.pixels == single.storage)
    }

    @Test("copies of a canvas draw independently")
    func copiesDrawIndependently() throws {
        let (width, height) = (64, 48)
        let first = Self.rects(count: 200, width: width, height: height, seed: 1)
        let second = Self.rects(count: 150, width: width, height: height, seed: 2)
        var original = try RGBA8Canvas(width: width, height: height, background: RGBAColor(r: 0.1, g: 0.2, b: 0.3))
        original.drawRects(first)
        var copy = original
        copy.drawRects(second)
        original.drawRects(first)
        var expectedOriginal = try RGBA8Canvas(width: width, height: height, background: RGBAColor(r: 0.1, g: 0.2, b: 0.3))
        expectedOriginal.drawRects(first)
        expectedOriginal.drawRects(first)
        var expectedCopy = try RGBA8Canvas(width: width, height: height, background: RGBAColor(r: 0.1, g: 0.2, b: 0.3))
        expectedCopy.drawRects(first)
        expectedCopy.drawRects(second)
        #expect(original.storage == expectedOriginal.storage)
        #expect(copy.storage == expectedCopy.storage)
    }

    /// The pixels `rect_batch_fill` must give, pixel by pixel: each row's ends stepped in
    /// 64-bit wrapping arithmetic and clamped to the row, then the scalar source-over blend.
    static func referenceFill(spans: [RectSpans], order: [UInt32], width: Int, height: Int) -> [UInt32] {
        var pixels = (0..<width * height).map { UInt32(truncatingIfNeeded: $0 &* 2_654_435_761) | 0xFF00_0000 }
        func column(_ end: Int64) -> Int { min(max(Int(end >> 16), 0), width) }
        /// `pixel + round(channel * inverseAlpha / 255)` per byte.
        func blend(_ destination: UInt32, _ pixel: UInt32, _ inverseAlpha: UInt32) -> UInt32 {
            (0..<4).reduce(UInt32(0)) { result, byte in
                let channel = destination >> (8 * byte) & 0xFF
                let t = channel * inverseAlpha + 128
                let scaled = (t + (t >> 8)) >> 8
                return result | (scaled + (pixel >> (8 * byte) & 0xFF)) << (8 * byte)
            }
        }
        for index in order {
            let rect = spans[Int(index)]
            for y in Int(rect.top)..<Int(rect.bottom) {
                let steps = Int64(y - Int(rect.top))
                let x0 = column(max(rect.leftU &+ steps &* rect.stepU, rect.leftV &+ steps &* rect.stepV))
                let x1 = column(min(rect.rightU &+ steps &* rect.stepU, rect.rightV &+ steps &* rect.stepV))
                for x in x0..<max(x0, x1) {
                    pixels[y * width + x] = blend(pixels[y * width + x], rect.pixel, UInt32(rect.inverseAlpha))
                }
            }
        }
        return pixels
    }

    /// The fields of `spans`, to compare.
    static func fields(_ spans: RectSpans) -> [Int64] {
        [Int64(spans.top), Int64(spans.bottom), spans.leftU, spans.rightU, spans.leftV, spans.rightV, spans.stepU,
         spans.stepV, Int64(spans.pixel), Int64(spans.inverseAlpha), Int64(spans.insideWidth)]
    }

    /// Bands of 10 rows make 16 bands, which the kernel counts lane by lane; bands of 1 row make
    /// 157, beyond its 128 lane-counted bands, which it counts directly.
    @Test(
        "the batch preparation gives every rectangle the spans and bands of the one-rectangle form, on every instruction set",
        arguments: [10, 1])
    func preparationMatchesOneRectangle(rowsPerBand: Int) throws {
        let (width, height) = (203, 157)
        var rects = Self.rects(count: 203, width: width, height: height, seed: 3)
        // Edge cases: axis-aligned, a quarter turn, off the canvas, a zero size, invisible.
        rects[1].rotation = 0
        rects[2].rotation = .pi / 2
        rects[3].center = SIMD2(-500, 20)
        rects[4].size = .zero
        rects[5].opacity = 0
        rects[6].size.x = -1
        rects[7].center.y = .infinity
        let valid = try Self.expectPreparationMatchesOneRectangle(
            rects, width: width, height: height, rowsPerBand: rowsPerBand)
        // Three NaN rotations (every 97th), a negative size and an infinite centre.
        #expect(valid == [rects.count - 5])
    }

    @Test("the batch preparation takes the sines and cosines of Swift's sin and cos, for rotations of every magnitude")
    func preparationMatchesOneRectangleAtEveryRotation() throws {
        let (width, height) = (203, 157)
        var rects = Self.rects(count: 4000, width: width, height: height, seed: 5)
        var random = SplitMix64(seed: 9)
        // Rotations from subnormal to near the float limit, both signs, and the multiples of
        // π/4 where the argument reduction switches.
        let special: [Float] = [
            0, -0, .leastNonzeroMagnitude, .leastNormalMagnitude, .pi / 4, .pi / 2, .pi, 3 * .pi / 2, 2 * .pi,
            100 * .pi, 1e5, 1e10, 1e20, 3e38, -.pi / 4, -1e7, .greatestFiniteMagnitude,
        ]
        for index in rects.indices {
            if index < special.count {
                rects[index].rotation = special[index]
            } else if !rects[index].rotation.isNaN {
                // Any finite magnitude, its bits uniform: most rotations are far beyond 2π.
                let magnitude = Float(bitPattern: UInt32.random(in: 0...0x7F7F_FFFF, using: &random))
                rects[index].rotation = index % 2 == 0 ? magnitude : -magnitude
            }
        }
        let valid = try Self.expectPreparationMatchesOneRectangle(rects, width: width, height: height, rowsPerBand: 7)
        #expect(valid == [rects.count - rects.count { !$0.rotation.isFinite }])
    }

    /// Prepares `rects` on every supported instruction set and expects each rectangle's spans,
    /// band range and band counts to be those of `rect_spans` with Swift's `sin` and
    /// `cos`; returns the valid counts, one per instruction set.
    static func expectPreparationMatchesOneRectangle(
        _ rects: [RotatedRect], width: Int, height: Int, rowsPerBand: Int
    ) throws -> Set<Int> {
        var validCounts = Set<Int>()
        let bandCount = (height + rowsPerBand - 1) / rowsPerBand
        for set in KernelInstructionSet.allCases where set.isSupported {
            var spans = [RectSpans](repeating: RectSpans(), count: rects.count)
            var bandRanges = [UInt32](repeating: 0xFFFF_FFFF, count: rects.count)
            var bandCounts = [Int](repeating: 0, count: bandCount)
            var bounds: [Int32] = [Int32(width), Int32(height), 0, 0]
            let valid = rects.withUnsafeBufferPointer { buffer in
                rect_batch_prepare(
                    set.kernelISA, RectColumns(buffer), 0, buffer.count, width, height, rowsPerBand, &spans,
                    &bandRanges, &bandCounts, &bounds)
            }
            var expectedRows = height..<height
            var expectedValid = 0
            var expectedCounts = [Int](repeating: 0, count: bandCount)
            for (index, rect) in rects.enumerated() {
                var canvas = try RGBA8Canvas(width: 1, height: 1)
                let isValid = canvas.fillRotatedRect(
                    center: rect.center, size: rect.size, rotation: rect.rotation, color: rect.color,
                    opacity: rect.opacity)
                expectedValid += isValid ? 1 : 0
                var expected = RectSpans()
                let fills = isValid
                    && PixelSource(color: rect.color, opacity: rect.opacity).map { source in
                        rect_spans(
                            rect.center.x, rect.center.y, rect.size.x * 0.5, rect.size.y * 0.5, cos(rect.rotation),
                            sin(rect.rotation), source.pixel, source.inverseAlpha, width, height, &expected) != 0
                    } == true
                let bands = (Int(bandRanges[index] & 0xFFFF), Int(bandRanges[index] >> 16))
                #expect((bands.0 < bands.1) == fills, "\(set) rectangle \(index)")
                guard fills else { continue }
                #expect(Self.fields(spans[index]) == Self.fields(expected), "\(set) rectangle \(index)")
                #expect(bands.0 == Int(expected.top) / rowsPerBand && bands.1 == (Int(expected.bottom) - 1) / rowsPerBand + 1)
                for band in bands.0..<bands.1 { expectedCounts[band] += 1 }
                expectedRows = min(expectedRows.lowerBound, Int(expected.top))..<max(expectedRows.upperBound, Int(expected.bottom))
            }
            // The rows of the bounds are exactly those of the filled rectangles; their columns
            // are checked by the pixels of the draws that clear only them (CanvasClearedRegionTests).
            #expect(Int(bounds[1])..<Int(bounds[3]) == expectedRows, "\(set)")
            #expect(bounds[0] >= 0 && bounds[0] <= bounds[2] && Int(bounds[2]) <= width, "\(set)")
            #expect(valid == expectedValid)
            #expect(bandCounts == expectedCounts)
            validCounts.insert(valid)
        }
        return validCounts
    }

    @Test("a rectangle marked as needing no clamping keeps every row's span inside the row, within 32 bits and its widest width")
    func insideWidthHoldsOnEveryRow() throws {
        let (width, height) = (203, 157)
        var rects = Self.rects(count: 2000, width: width, height: height, seed: 11)
        // Nearly level and axis-aligned: ends far beyond 32 bits, so these must be clamped.
        for index in 0..<2 {
            rects[index].center = SIMD2(100, 80)
            rects[index].size = SIMD2(20, 10)
            rects[index].color.a = 1
        }
        rects[0].rotation = 1e-7
        rects[1].rotation = 0
        for set in KernelInstructionSet.allCases where set.isSupported {
            var spans = [RectSpans](repeating: RectSpans(), count: rects.count)
            var bandRanges = [UInt32](repeating: 0, count: rects.count)
            var bandCounts = [Int](repeating: 0, count: 1)
            var bounds: [Int32] = [Int32(width), Int32(height), 0, 0]
            _ = rects.withUnsafeBufferPointer { buffer in
                rect_batch_prepare(
                    set.kernelISA, RectColumns(buffer), 0, buffer.count, width, height, height, &spans,
                    &bandRanges, &bandCounts, &bounds)
            }
            var (inside, clamped) = (0, 0)
            for index in rects.indices where bandRanges[index] != 0 {
                let rect = spans[index]
                guard rect.insideWidth > 0 else {
                    clamped += 1
                    continue
                }
                inside += 1
                #expect(Int64(Int32(truncatingIfNeeded: rect.stepU)) == rect.stepU, "\(set) rectangle \(index)")
                #expect(Int64(Int32(truncatingIfNeeded: rect.stepV)) == rect.stepV, "\(set) rectangle \(index)")
                for y in Int(rect.top)..<Int(rect.bottom) {
                    let steps = Int64(y - Int(rect.top))
                    let ends = [
                        rect.leftU &+ steps &* rect.stepU, rect.rightU &+ steps &* rect.stepU,
                        rect.leftV &+ steps &* rect.stepV, rect.rightV &+ steps &* rect.stepV,
                    ]
                    #expect(ends.allSatisfy { Int64(Int32.min)...Int64(Int32.max) ~= $0 }, "\(set) rectangle \(index) row \(y)")
                    let x0 = max(ends[0], ends[2]) >> 16, x1 = min(ends[1], ends[3]) >> 16
                    #expect((0...Int64(width)).contains(x0) && (0...Int64(width)).contains(x1),
                            "\(set) rectangle \(index) row \(y): \(x0)..<\(x1)")
                    #expect(x1 - x0 <= Int64(rect.insideWidth), "\(set) rectangle \(index) row \(y)")
                }
            }
            // Both forms occur: most rectangles lie inside the canvas, some cross its edges.
            #expect(inside > 1000 && clamped > 20, "\(set): \(inside) inside, \(clamped) clamped")
            #expect(bandRanges[0] != 0 && bandRanges[1] != 0)
            #expect(spans[0].insideWidth == 0 && spans[1].insideWidth == 0)
        }
    }

    @Test("the fill kernel gives the same pixels on every instruction set, at every canvas width", arguments: [
        1, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 32, 33, 203,
    ])
    func fillKernelOnEveryInstructionSet(width: Int) throws {
        let height = 37
        let rects = Self.rects(count: 300, width: width, height: height, seed: UInt64(width))
        let (spans, order) = Self.prepared(rects, width: width, height: height)
        var results: [[UInt32]] = []
        for set in KernelInstructionSet.allCases where set.isSupported {
            var pixels = (0..<width * height).map { UInt32(truncatingIfNeeded: $0 &* 2_654_435_761) | 0xFF00_0000 }
            rect_batch_fill(set.kernelISA, &pixels, width, 0, height, spans, order, order.count)
            results.append(pixels)
        }
        #expect(results.count == KernelInstructionSet.allCases.count { $0.isSupported })
        #expect(Set(results).count == 1)
        #expect(results.first == Self.referenceFill(spans: spans, order: order, width: width, height: height))
        // A range of rows leaves every other row alone.
        var pixels = [UInt32](repeating: 0xFF00_0000, count: width * height)
        rect_batch_fill(KernelInstructionSet.best.kernelISA, &pixels, width, 5, 9, spans, order, order.count)
        #expect(pixels[..<(5 * width)].allSatisfy { $0 == 0xFF00_0000 })
        #expect(pixels[(9 * width)...].allSatisfy { $0 == 0xFF00_0000 })
    }

    /// The spans of `rects` on a `width` x `height` canvas in one band, and the rectangles
    /// that reach it, in order.
    static func prepared(
        _ rects: [RotatedRect], width: Int, height: Int
    ) -> (spans: [RectSpans], order: [UInt32]) {
        var spans = [RectSpans](repeating: RectSpans(), count: rects.count)
        var bandRanges = [UInt32](repeating: 0, count: rects.count)
        var bandCounts = [Int](repeating: 0, count: 1)
        var bounds: [Int32] = [Int32(width), Int32(height), 0, 0]
        let valid = rects.withUnsafeBufferPointer { rects in
            rect_batch_prepare(
                KernelInstructionSet.portable.kernelISA, RectColumns(rects), 0, rects.count, width, height,
                height, &spans, &bandRanges, &bandCounts, &bounds)
        }
        #expect(valid == rects.count - rects.count { !$0.rotation.isFinite })
        let order = bandRanges.indices.filter { bandRanges[$0] != 0 }.map { UInt32($0) }
        #expect(bandCounts[0] == order.count)
        return (spans, order)
    }

    @Test("the fill kernel of every instruction set fills two bands on two threads at once like one band",
          arguments: [(203, 78), (203, 1), (9, 5)])
    func fillKernelBandsOnTwoThreadsAtOnce(width: Int, splitRow: Int) throws {
        // A block that left its row would write a row of the other thread's band.
        let height = 157
        let rects = Self.rects(count: 3000, width: width, height: height, seed: UInt64(width + splitRow))
        let (spans, order) = Self.prepared(rects, width: width, height: height)
        let background = (0..<width * height).map { UInt32(truncatingIfNeeded: $0 &* 2_654_435_761) | 0xFF00_0000 }
        let reference = Self.referenceFill(spans: spans, order: order, width: width, height: height)
        for set in KernelInstructionSet.allCases where set.isSupported {
            var pixels = background
            pixels.withUnsafeMutableBufferPointer { pixels in
                nonisolated(unsafe) let canvas = pixels.baseAddress!
                DispatchQueue.concurrentPerform(iterations: 2) { band in
                    let rows = band == 0 ? 0..<splitRow : splitRow..<height
                    unsafe rect_batch_fill(
                        set.kernelISA, canvas, width, rows.lowerBound, rows.upperBound, spans, order, order.count)
                }
            }
            #expect(pixels == reference, "\(set)")
        }
    }

    @Test("spans one to five blocks wide (of 8 or 16 pixels), inside the canvas, across its edges and nearly level, fill like the reference on every instruction set, in bands")
    func fillKernelSpanForms() throws {
        let (width, height, rowsPerBand) = (96, 64, 7)
        var rects: [RotatedRect] = []
        for pixels in Array(1...40) + [47, 48, 49, 63, 64, 65, 79, 80] {
            let size = SIMD2(Float(pixels), Float(3 + pixels % 9))
            let color = RGBAColor(r: 0.9, g: Float(pixels) / 40, b: 0.2, a: 0.8)
            func rect(_ x: Float, _ y: Float, _ rotation: Float) -> RotatedRect {
                RotatedRect(center: SIMD2(x, y), size: size, rotation: rotation, color: color, opacity: 0.7)
            }
            // Inside the canvas (every row's ends fit 32 bits), across the left and right edges
            // (clamped), nearly level (ends far beyond 32 bits) and axis-aligned.
            rects += [
                rect(48, 32, Float(pixels) * 0.37), rect(1, 10, Float(pixels) * 0.61),
                rect(95, 50, Float(pixels) * -0.29), rect(40, 20, 1e-5 * Float(pixels)), rect(30, 45, 0),
            ]
        }
        let (spans, order) = Self.prepared(rects, width: width, height: height)
        #expect(order.count == rects.count)
        let expected = Self.referenceFill(spans: spans, order: order, width: width, height: height)
        for set in KernelInstructionSet.allCases where set.isSupported {
            var pixels = (0..<width * height).map { UInt32(truncatingIfNeeded: $0 &* 2_654_435_761) | 0xFF00_0000 }
            for top in stride(from: 0, to: height, by: rowsPerBand) {
                rect_batch_fill(
                    set.kernelISA, &pixels, width, top, min(top + rowsPerBand, height), spans, order, order.count)
            }
            #expect(pixels == expected, "\(set)")
        }
    }
}
