/// Fills shapes into a borrowed pixel buffer, one horizontal span per row.
///
/// Pixel centres rule: pixel `(x, y)` covers `[x, x + 1) x [y, y + 1)` and is filled when its
/// centre `(x + 0.5, y + 0.5)` lies inside the shape. Shape bounds are half-open (left and top
/// edges included, right and bottom edges excluded), so shapes that share an edge never fill
/// the same pixel twice and an axis-aligned rectangle with integer corners fills exactly the
/// pixels it covers. There is no anti-aliasing.
///
/// The rasteriser does not own the buffer: it is valid only inside the closure that lent it.
/// Callers pass finite geometry within ``RenderLimits/maxCoordinate``, which keeps every
/// intermediate value finite.
struct SpanRasterizer {
    private let base: UnsafeMutablePointer<UInt32>
    private let width: Int
    private let widthLimit: Float
    private let heightLimit: Float

    /// Borrows `buffer`, which holds `width * height` pixels row by row.
    init(_ buffer: UnsafeMutableBufferPointer<UInt32>, width: Int, height: Int) {
        precondition(buffer.count == width * height && width > 0 && height > 0)
        // A non-empty buffer always has a base address.
        base = buffer.baseAddress!
        self.width = width
        widthLimit = Float(width)
        heightLimit = Float(height)
    }

    /// The index of the first pixel whose centre is at or after `edge`, clamped to `0...limit`.
    @inline(__always)
    private static func firstCentre(atOrAfter edge: Float, limit: Float) -> Int {
        let shifted = edge - 0.5
        let clamped = shifted > 0 ? (shifted < limit ? shifted : limit) : 0
        let truncated = Int(clamped)
        return Float(truncated) < clamped ? truncated + 1 : truncated
    }

    /// Blends `source` over pixels `x0..<x1` of row `y`; the range must be inside the buffer.
    @inline(__always)
    private func fillSpan(row y: Int, from x0: Int, to x1: Int, _ source: PixelSource) {
        let row = base + y &* width
        if source.isOpaque {
            (row + x0).update(repeating: source.pixel, count: x1 &- x0)
        } else {
            for x in x0..<x1 {
                row[x] = source.over(row[x])
            }
        }
    }

    /// Fills the axis-aligned rectangle `[minX, maxX) x [minY, maxY)`.
    func fillRect(minX: Float, minY: Float, maxX: Float, maxY: Float, _ source: PixelSource) {
        let x0 = Self.firstCentre(atOrAfter: minX, limit: widthLimit)
        let x1 = Self.firstCentre(atOrAfter: maxX, limit: widthLimit)
        let y0 = Self.firstCentre(atOrAfter: minY, limit: heightLimit)
        let y1 = Self.firstCentre(atOrAfter: maxY, limit: heightLimit)
        guard x0 < x1, y0 < y1 else { return }
        for y in y0..<y1 {
            fillSpan(row: y, from: x0, to: x1, source)
        }
    }

    /// Fills a rectangle of half-size `halfSize` centred on `center`, whose local x axis points
    /// along `(cos, sin)` in canvas coordinates; `cos * cos + sin * sin` must be close to 1.
    ///
    /// A point `p` is inside when `|dot(p - center, (cos, sin))| <= halfSize.x` and
    /// `|dot(p - center, (-sin, cos))| <= halfSize.y`. On the row through `p.y`, each condition
    /// bounds `p.x` to an interval whose ends move linearly with the row, so a row costs a few
    /// multiply-adds and one span fill.
    func fillRotatedRect(
        center: SIMD2<Float>, halfSize: SIMD2<Float>, cos: Float, sin: Float, _ source: PixelSource
    ) {
        let absCos = cos.magnitude
        let absSin = sin.magnitude
        let extentX = absCos * halfSize.x + absSin * halfSize.y
        let extentY = absSin * halfSize.x + absCos * halfSize.y
        let y0 = Self.firstCentre(atOrAfter: center.y - extentY, limit: heightLimit)
        let y1 = Self.firstCentre(atOrAfter: center.y + extentY, limit: heightLimit)
        guard y0 < y1,
              Self.firstCentre(atOrAfter: center.x - extentX, limit: widthLimit)
                < Self.firstCentre(atOrAfter: center.x + extentX, limit: widthLimit)
        else { return }

        // An edge pair parallel to the x axis does not bound x; the row range bounds it instead.
        let nearlyZero: Float = 1e-6
        let unbounded: Float = 1e30
        let slopeU = absCos < nearlyZero ? 0 : -sin / cos
        let halfU = absCos < nearlyZero ? unbounded : halfSize.x / absCos
        let slopeV = absSin < nearlyZero ? 0 : cos / sin
        let halfV = absSin < nearlyZero ? unbounded : halfSize.y / absSin

        let rowOffset = 0.5 - center.y
        for y in y0..<y1 {
            let dy = Float(y) + rowOffset
            let midU = slopeU * dy
            let midV = slopeV * dy
            let left = center.x + max(midU - halfU, midV - halfV)
            let right = center.x + min(midU + halfU, midV + halfV)
            let x0 = Self.firstCentre(atOrAfter: left, limit: widthLimit)
            let x1 = Self.firstCentre(atOrAfter: right, limit: widthLimit)
            if x0 < x1 {
                fillSpan(row: y, from: x0, to: x1, source)
            }
        }
    }
}
