import Render

@testable import Bench
@testable import BenchKit

/// Pixel counting on rendered plots.
enum PlotImage {
    /// Pixels inside `box` of `canvas` that are exactly `color` (as the canvas stores an
    /// opaque colour).
    static func count(
        of color: RGBAColor, in canvas: RGBA8Canvas, _ box: (x: Int, y: Int, width: Int, height: Int)
    ) -> Int {
        func byte(_ value: Float) -> UInt8 { UInt8((value * 255).rounded()) }
        let target = SIMD4(byte(color.r), byte(color.g), byte(color.b), 255)
        var count = 0
        for y in box.y..<box.y + box.height {
            for x in box.x..<box.x + box.width where canvas.pixel(x: x, y: y) == target {
                count += 1
            }
        }
        return count
    }

    /// Pixels inside `box` of `canvas` that differ from `background`.
    static func inked(
        _ canvas: RGBA8Canvas, _ box: (x: Int, y: Int, width: Int, height: Int), background: RGBAColor
    ) -> Int {
        let all = box.width * box.height
        return all - count(of: background, in: canvas, box)
    }
}
