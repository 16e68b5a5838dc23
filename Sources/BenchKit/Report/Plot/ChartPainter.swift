import Foundation
import Render

/// A canvas and a font with the drawing operations charts need beyond the canvas's own: text
/// by alignment, dashed lines, rings and outlines (the font measures and wraps text:
/// `FontFace+ChartText.swift`).
struct ChartPainter {
    /// The canvas being drawn on.
    var canvas: RGBA8Canvas
    /// The font of every label.
    let font: FontFace

    /// Draws one line of text with its box's top at `y`; returns the box.
    @discardableResult
    mutating func text(
        _ text: String, x: Int, y: Int, size: Int, color: RGBAColor, alignment: TextAlignment = .left
    ) throws(RenderError) -> TextMetrics {
        try canvas.drawText(text, at: SIMD2(Float(x), Float(y)), size: size, color: color, font: font, alignment: alignment)
    }

    /// A horizontal dashed line from `x0` to `x1` at `y`: 8-pixel dashes, 5-pixel gaps.
    mutating func dashedLine(x0: Float, x1: Float, y: Float, width: Float, color: RGBAColor) {
        var x = x0
        while x < x1 {
            canvas.fillRect(x: x, y: y - width / 2, width: min(8, x1 - x), height: width, color: color)
            x += 13
        }
    }

    /// An open circle of `radius` around `center`, drawn as 24 segments.
    mutating func ring(center: SIMD2<Float>, radius: Float, width: Float, color: RGBAColor) {
        let points = (0...24).map { (step: Int) -> SIMD2<Float> in
            let angle = Float(step) / 24 * 2 * .pi
            return center + radius * SIMD2(cos(angle), sin(angle))
        }
        canvas.drawPolyline(points, width: width, color: color)
    }

    /// The one-pixel outline of the rectangle `[x, x + width) x [y, y + height)`.
    mutating func outline(x: Int, y: Int, width: Int, height: Int, color: RGBAColor) {
        let (fx, fy, fw, fh) = (Float(x), Float(y), Float(width), Float(height))
        canvas.fillRect(x: fx, y: fy, width: fw, height: 1, color: color)
        canvas.fillRect(x: fx, y: fy + fh - 1, width: fw, height: 1, color: color)
        canvas.fillRect(x: fx, y: fy, width: 1, height: fh, color: color)
        canvas.fillRect(x: fx + fw - 1, y: fy, width: 1, height: fh, color: color)
    }

    /// A sample of `mark` in `color` centred on `(x, y)`, about 28 pixels wide, as legends show.
    mutating func sample(_ mark: ChartMark, x: Int, y: Int, color: RGBAColor) {
        let (left, right, middle) = (Float(x - 14), Float(x + 14), Float(y))
        switch mark {
        case .line(let width):
            canvas.drawLine(from: SIMD2(left, middle), to: SIMD2(right, middle), width: width, color: color)
        case .lineAndPoints(let width, let size):
            canvas.drawLine(from: SIMD2(left, middle), to: SIMD2(right, middle), width: width, color: color)
            canvas.fillRect(x: Float(x) - size / 2, y: middle - size / 2, width: size, height: size, color: color)
        case .ring(let radius):
            ring(center: SIMD2(Float(x), middle), radius: radius, width: 2, color: color)
        case .dashed(let width):
            dashedLine(x0: left, x1: right, y: middle, width: width, color: color)
        case .whiskers(let width), .verticalLine(let width):
            canvas.drawLine(from: SIMD2(Float(x), middle - 8), to: SIMD2(Float(x), middle + 8), width: width, color: color)
        }
    }
}
