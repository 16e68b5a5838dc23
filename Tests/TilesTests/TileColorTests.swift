import Testing
import Tiles

/// `RGBData`: HSV→RGB against known colours, bilinear interpolation, distance and similarity.
@Suite("Tile colours")
struct TileColorTests {
    /// Known HSB → RGB pairs (the values `UIColor` gives for them).
    static let knownColours: [(h: Double, s: Double, b: Double, r: Double, g: Double, bl: Double)] = [
        (0, 1, 1, 1, 0, 0), (1.0 / 3, 1, 1, 0, 1, 0), (2.0 / 3, 1, 1, 0, 0, 1),
        (1.0 / 6, 1, 1, 1, 1, 0), (0.5, 1, 1, 0, 1, 1), (5.0 / 6, 1, 1, 1, 0, 1),
        (0.25, 0.5, 0.8, 0.6, 0.8, 0.4), (0.9, 0.2, 0.5, 0.5, 0.4, 0.46),
        (0.7, 0, 0.3, 0.3, 0.3, 0.3), (1, 1, 1, 1, 0, 0), (0.6, 0.5, 0, 0, 0, 0),
    ]

    @Test func hsbConvertsToTheStandardRGB() {
        for c in Self.knownColours {
            let rgb = RGBData.fromHSB(h: c.h, s: c.s, b: c.b)
            #expect(abs(rgb.r - c.r) < 1e-12 && abs(rgb.g - c.g) < 1e-12 && abs(rgb.b - c.bl) < 1e-12, "h \(c.h) s \(c.s) b \(c.b) gave \(rgb)")
        }
    }

    @Test func hsbOutOfRangeIsClampedLikeUIColor() {
        #expect(RGBData.fromHSB(h: -0.5, s: 2, b: 1.5) == RGBData(r: 1, g: 0, b: 0))
        #expect(RGBData.fromHSB(h: .nan, s: .nan, b: 1) == RGBData(r: 1, g: 1, b: 1))
        #expect(RGBData.fromHSB(h: .infinity, s: 1, b: 1) == RGBData(r: 1, g: 0, b: 0))
    }

    static let corners = CornerColors(
        tl: RGBData(r: 1, g: 0, b: 0), tr: RGBData(r: 0, g: 1, b: 0),
        bl: RGBData(r: 0, g: 0, b: 1), br: RGBData(r: 1, g: 1, b: 1))

    @Test func interpolationHitsTheCornersExactly() {
        let c = Self.corners
        #expect(RGBData.interpolated(x: 0, y: 0, width: 5, height: 5, corners: c) == c.tl)
        #expect(RGBData.interpolated(x: 4, y: 0, width: 5, height: 5, corners: c) == c.tr)
        #expect(RGBData.interpolated(x: 0, y: 4, width: 5, height: 5, corners: c) == c.bl)
        #expect(RGBData.interpolated(x: 4, y: 4, width: 5, height: 5, corners: c) == c.br)
    }

    @Test func interpolationAlongEdgesAndAtTheCentre() {
        let c = Self.corners
        // Top edge midpoint: halfway from red to green.
        #expect(RGBData.interpolated(x: 2, y: 0, width: 5, height: 5, corners: c) == RGBData(r: 0.5, g: 0.5, b: 0))
        // Left edge, a quarter down: red to blue.
        #expect(RGBData.interpolated(x: 0, y: 1, width: 5, height: 5, corners: c) == RGBData(r: 0.75, g: 0, b: 0.25))
        // Centre: the mean of the four corners.
        #expect(RGBData.interpolated(x: 2, y: 2, width: 5, height: 5, corners: c) == RGBData(r: 0.5, g: 0.5, b: 0.5))
        // Rows first, then the vertical pass, u = 1/3 and v = 2/3 on a 4×4 board.
        let top = RGBData(r: 1 * (1 - 1.0 / 3), g: 1.0 / 3, b: 0)
        let bottom = RGBData(r: 1.0 / 3, g: 1.0 / 3, b: 1)
        let expected = RGBData(
            r: top.r * (1 - 2.0 / 3) + bottom.r * 2.0 / 3, g: top.g * (1 - 2.0 / 3) + bottom.g * 2.0 / 3,
            b: top.b * (1 - 2.0 / 3) + bottom.b * 2.0 / 3)
        #expect(RGBData.interpolated(x: 1, y: 2, width: 4, height: 4, corners: c) == expected)
    }

    @Test func aOneCellGridUsesMaxOneAsTheDivisor() {
        #expect(RGBData.interpolated(x: 0, y: 0, width: 1, height: 1, corners: Self.corners) == Self.corners.tl)
    }

    @Test func distanceIsEuclideanAndSimilarityIsStrict() {
        let black = RGBData(r: 0, g: 0, b: 0), white = RGBData(r: 1, g: 1, b: 1)
        #expect(abs(black.distance(to: white) - 3.0.squareRoot()) < 1e-15)
        #expect(RGBData(r: 0.3, g: 0.4, b: 0).distance(to: black) == 0.5)
        #expect(black.isSimilar(to: RGBData(r: 0.049, g: 0.049, b: 0.049)))
        #expect(!black.isSimilar(to: RGBData(r: 0.05, g: 0, b: 0)))
        #expect(!black.isSimilar(to: RGBData(r: 0, g: 0, b: -0.06)))
    }

    @Test func tilesAreEqualByIdOnly() {
        let a = Tile(id: 3, correctId: 3, rgb: RGBData(r: 0, g: 0, b: 0), isFixed: false, currentIdx: 3)
        let b = Tile(id: 3, correctId: 7, rgb: RGBData(r: 1, g: 1, b: 1), isFixed: true, currentIdx: 9)
        let c = Tile(id: 4, correctId: 3, rgb: a.rgb, isFixed: false, currentIdx: 3)
        #expect(a == b)
        #expect(a != c)
    }

    @Test func modeNamesAreCapitalised() {
        #expect(GameMode.allCases.map(\.name) == ["Casual", "Precision", "Pure"])
    }
}
