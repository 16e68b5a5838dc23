import SIMDKernels
import Testing
@testable import Platform
@testable import Render
import ECS

/// The fill kernel's source-over blend against its definition, `pixel + round(channel *
/// inverseAlpha / 255)` per byte, for every channel value under every `inverseAlpha`: the
/// kernel computes the rounded quotient with one high-half multiply by a per-alpha constant,
/// whose exactness rests on this exhaustive check.
@Suite("Blend rounding")
struct BlendRoundingTests {
    /// `channel * inverseAlpha / 255` rounded to nearest (a tie cannot occur: 255 is odd).
    static func rounded(_ channel: UInt32, _ inverseAlpha: UInt32) -> UInt32 {
        (2 * channel * inverseAlpha + 255) / 510
    }

    /// A destination pixel whose four bytes take every value over `x` in `0..<256`, each byte
    /// in a different order.
    static func destination(_ x: UInt32) -> UInt32 {
        x | (x ^ 0x5A) << 8 | (255 - x) << 16 | (x &* 77 & 0xFF) << 24
    }

    @Test("every channel under every alpha blends to the rounded quotient, on every instruction set, inside and clamped", arguments: [false, true])
    func everyChannelUnderEveryAlpha(clamped: Bool) throws {
        let (width, height) = (256, 256)
        // Row `a` is covered by one rectangle whose `inverseAlpha` is `a`, with a premultiplied
        // colour (every channel at most its alpha).
        let spans = (0..<height).map { row -> RectSpans in
            let inverseAlpha = UInt32(row)
            let alpha = 255 - inverseAlpha
            var spans = RectSpans()
            spans.top = Int32(row)
            spans.bottom = Int32(row + 1)
            spans.leftU = 0
            spans.leftV = 0
            spans.rightU = Int64(width) << 16
            spans.rightV = Int64(width) << 16
            spans.pixel = alpha | (alpha / 2) << 8 | (alpha / 3) << 16 | alpha << 24
            spans.inverseAlpha = UInt16(inverseAlpha)
            spans.insideWidth = clamped ? 0 : UInt16(width)
            return spans
        }
        var expected = [UInt32](repeating: 0, count: width * height)
        for row in 0..<height {
            for x in 0..<width {
                let destination = Self.destination(UInt32(x)), pixel = spans[row].pixel
                expected[row * width + x] = (0..<4).reduce(UInt32(0)) { result, byte in
                    let channel = destination >> (8 * byte) & 0xFF
                    let sum = Self.rounded(channel, UInt32(row)) + (pixel >> (8 * byte) & 0xFF)
                    return result | sum << (8 * byte)
                }
            }
        }
        var checked = 0
        for set in KernelInstructionSet.allCases where set.isSupported {
            var pixels = (0..<width * height).map { Self.destination(UInt32($0 % width)) }
            rect_batch_fill(set.kernelISA, &pixels, width, 0, height, spans, nil, spans.count)
            #expect(pixels == expected, "\(set)")
            checked += 1
        }
        #expect(checked >= 1)
        // The definition itself: opaque rows take the colour, invisible ones keep the canvas.
        #expect(expected[0..<width].allSatisfy { $0 == spans[0].pixel })
        #expect((0..<width).allSatisfy { expected[255 * width + $0] == Self.destination(UInt32($0)) })
    }
}
