import SIMDKernels
import Foundation
@testable import Platform
@testable import Render

/// A deterministic test image whose pixels vary in every channel, including alpha.
func makePatternImage(width: Int, height: Int, opaque: Bool = false) throws -> RGBA8Image {
    var pixels: [UInt8] = []
    pixels.reserveCapacity(width * height * 4)
    for y in 0..<height {
        for x in 0..<width {
            pixels.append(UInt8(truncatingIfNeeded: x * 37 + y * 11))
            pixels.append(UInt8(truncatingIfNeeded: x * 5 + y * 73))
            pixels.append(UInt8(truncatingIfNeeded: (x ^ y) * 29))
            pixels.append(opaque ? 255 : UInt8(truncatingIfNeeded: 255 - (x * 3 + y * 7)))
        }
    }
    return try RGBA8Image(width: width, height: height, pixels: pixels)
}

/// The number of pixels of `image` that are not fully transparent.
func coveredPixelCount(_ image: RGBA8Image) -> Int {
    stride(from: 3, to: image.pixels.count, by: 4).count { image.pixels[$0] != 0 }
}

extension RGBA8Canvas {
    /// Draws `rects` as one batch, as the public batch draws do, on `threads` threads in bands
    /// of `rowsPerBand` rows; returns how many were valid.
    @discardableResult
    mutating func drawBatch(
        _ rects: [RotatedRect], threads: Int = 1, rowsPerBand: Int = BandedRectBatch.defaultRowsPerBand,
        clearingTo background: RGBAColor? = nil
    ) -> Int {
        rects.withUnsafeBufferPointer {
            drawBatch(
                count: $0.count, of: RectColumns($0), threads: threads, rowsPerBand: rowsPerBand,
                clearingTo: background)
        }
    }
}
