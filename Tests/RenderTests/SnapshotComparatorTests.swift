import SnapshotTesting
import Testing
@testable import Platform
@testable import Render
import Render

@Suite("Snapshot comparator")
struct SnapshotComparatorTests {
    /// A copy of a 300 x 300 opaque image with the red channel of the first `count` pixels
    /// moved by exactly `delta`, and the image itself.
    private func pair(changing count: Int, by delta: UInt8 = 100) throws -> (RGBA8Image, RGBA8Image) {
        let reference = try makePatternImage(width: 300, height: 300, opaque: true)
        var pixels = reference.pixels
        for pixel in 0..<count {
            let red = pixels[pixel * 4]
            pixels[pixel * 4] = red <= 255 - delta ? red + delta : red - delta
        }
        return (try RGBA8Image(width: 300, height: 300, pixels: pixels), reference)
    }

    @Test("identical images match completely")
    func identical() throws {
        let (image, reference) = try pair(changing: 0)
        let result = SnapshotComparator.compare(image, reference)
        #expect(result == SnapshotComparison(
            passed: true, match: 1, differingPixelCount: 0, totalPixelCount: 90_000, maxDifference: 0
        ))
    }

    @Test("a difference of 2 in every channel passes the default tolerance")
    func smallDifferencesPass() throws {
        let reference = try makePatternImage(width: 64, height: 64, opaque: true)
        let shifted = reference.pixels.enumerated().map { index, value in
            index % 2 == 0 ? (value < 254 ? value + 2 : value - 2) : (value > 1 ? value - 2 : value + 2)
        }
        let result = SnapshotComparator.compare(shifted, reference.pixels)
        #expect(result.passed)
        #expect(result.match == 1)
        #expect(result.maxDifference == 2)
    }

    @Test("black against white matches nothing")
    func blackAgainstWhite() {
        let result = SnapshotComparator.compare([UInt8](repeating: 0, count: 400), [UInt8](repeating: 255, count: 400))
        #expect(result == SnapshotComparison(
            passed: false, match: 0, differingPixelCount: 100, totalPixelCount: 100, maxDifference: 255
        ))
    }

    @Test("buffers that cannot be compared are a hard failure", arguments: [
        ([UInt8](repeating: 0, count: 16), [UInt8](repeating: 0, count: 20), 5),
        ([UInt8](), [UInt8](), 0),
        ([UInt8](), [UInt8](repeating: 0, count: 8), 2),
        ([UInt8](repeating: 7, count: 7), [UInt8](repeating: 7, count: 7), 1),
        ([UInt8](repeating: 7, count: 10), [UInt8](repeating: 7, count: 10), 2),
    ])
    func hardFailures(actual: [UInt8], reference: [UInt8], total: Int) {
        let result = SnapshotComparator.compare(actual, reference)
        #expect(result == .hardFailure(totalPixelCount: total))
        #expect(!result.passed && result.match == 0 && result.maxDifference == 255)
        #expect(result.differingPixelCount == total)
    }

    @Test("images with the same pixel count but other sides do not match")
    func transposedSize() throws {
        let wide = try makePatternImage(width: 8, height: 2)
        let tall = try RGBA8Image(width: 2, height: 8, pixels: wide.pixels)
        #expect(SnapshotComparator.compare(wide, tall) == .hardFailure(totalPixelCount: 16))
    }

    @Test("a channel difference equal to the tolerance matches; one more differs", arguments: [
        SnapshotConfiguration.default, .highPrecision, .computeTolerant,
    ])
    func toleranceBoundary(configuration: SnapshotConfiguration) throws {
        let tolerance = configuration.maxPixelDifference
        let (atLimit, reference) = try pair(changing: 90_000, by: tolerance)
        let equal = SnapshotComparator.compare(atLimit, reference, configuration: configuration)
        #expect(equal.differingPixelCount == 0)
        #expect(equal.passed)

        let (overLimit, _) = try pair(changing: 1, by: tolerance + 1)
        let over = SnapshotComparator.compare(overLimit, reference, configuration: configuration)
        #expect(over.differingPixelCount == 1)
        #expect(over.maxDifference == tolerance + 1)
    }

    @Test("a match exactly at the required precision passes")
    func precisionBoundary() throws {
        // 1 350 of 90 000 pixels is exactly 1.5 %: the match is 0.985.
        let (atPrecision, reference) = try pair(changing: 1_350)
        let passing = SnapshotComparator.compare(atPrecision, reference)
        #expect(passing.match == 0.985)
        #expect(passing.passed)

        let (belowPrecision, _) = try pair(changing: 1_351)
        let failing = SnapshotComparator.compare(belowPrecision, reference)
        #expect(failing.differingPixelCount == 1_351)
        #expect(!failing.passed)
    }

    @Test("the difference image marks differing pixels red")
    func differenceImage() throws {
        let (image, reference) = try pair(changing: 3)
        let difference = SnapshotComparator.differenceImage(image, reference)
        #expect(difference.width == 300 && difference.height == 300)
        #expect(difference.pixel(x: 2, y: 0) == SIMD4(255, 0, 0, 255))
        let matching = try #require(difference.pixel(x: 3, y: 0))
        #expect(matching[0] == matching[1] && matching[1] == matching[2] && matching[0] >= 191)

        let other = try makePatternImage(width: 4, height: 4)
        let mismatch = SnapshotComparator.differenceImage(other, reference)
        #expect(mismatch.pixels == Array([[UInt8]](repeating: [255, 0, 0, 255], count: 16).joined()))
    }
}
