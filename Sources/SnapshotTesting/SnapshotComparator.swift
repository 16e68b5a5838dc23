import Render

/// Compares RGBA8 images with a per-channel tolerance and a required fraction of matching
/// pixels.
///
/// A pixel differs when the absolute difference of any of its four channels is strictly
/// greater than ``SnapshotConfiguration/maxPixelDifference``. The match is
/// `(total - differing) / total` in `Float`, and the comparison passes when
/// `match >= precision`. Buffers of different lengths, an empty buffer, or a length that is not
/// a whole number of pixels give a hard failure instead of a crash: match 0, every pixel
/// differing, maximum difference 255.
public enum SnapshotComparator {
    /// Compares two buffers of RGBA8 bytes.
    public static func compare(
        _ actual: [UInt8], _ reference: [UInt8], configuration: SnapshotConfiguration = .default
    ) -> SnapshotComparison {
        guard actual.count == reference.count, !actual.isEmpty, actual.count % 4 == 0 else {
            return .hardFailure(totalPixelCount: max(actual.count, reference.count) / 4)
        }
        let total = actual.count / 4
        var differing = 0
        var maxDifference: UInt8 = 0
        actual.withUnsafeBufferPointer { actual in
            reference.withUnsafeBufferPointer { reference in
                for pixel in 0..<total {
                    let difference = maxChannelDifference(actual, reference, pixel: pixel)
                    maxDifference = max(maxDifference, difference)
                    if difference > configuration.maxPixelDifference {
                        differing += 1
                    }
                }
            }
        }
        let match = Float(total - differing) / Float(total)
        return SnapshotComparison(
            passed: match >= configuration.precision, match: match, differingPixelCount: differing,
            totalPixelCount: total, maxDifference: maxDifference
        )
    }

    /// Compares two images; different widths or heights are a hard failure even when the pixel
    /// counts agree.
    public static func compare(
        _ actual: RGBA8Image, _ reference: RGBA8Image, configuration: SnapshotConfiguration = .default
    ) -> SnapshotComparison {
        guard actual.width == reference.width, actual.height == reference.height else {
            return .hardFailure(totalPixelCount: max(actual.pixels.count, reference.pixels.count) / 4)
        }
        return compare(actual.pixels, reference.pixels, configuration: configuration)
    }

    /// An image of where `actual` differs from `reference`, the size of `actual`: differing
    /// pixels are opaque red, matching pixels a faded grey copy of the reference. When the
    /// sizes differ, every pixel is red.
    public static func differenceImage(
        _ actual: RGBA8Image, _ reference: RGBA8Image, configuration: SnapshotConfiguration = .default
    ) -> RGBA8Image {
        let total = actual.width * actual.height
        let sameSize = actual.width == reference.width && actual.height == reference.height
        var output = [UInt8](repeating: 255, count: total * 4)
        actual.pixels.withUnsafeBufferPointer { actual in
            reference.pixels.withUnsafeBufferPointer { reference in
                for pixel in 0..<total {
                    let offset = pixel * 4
                    if !sameSize || maxChannelDifference(actual, reference, pixel: pixel) > configuration.maxPixelDifference {
                        output[offset + 1] = 0
                        output[offset + 2] = 0
                    } else {
                        let luma = (UInt32(reference[offset]) * 77 + UInt32(reference[offset + 1]) * 150
                            + UInt32(reference[offset + 2]) * 29) >> 8
                        let faded = UInt8(truncatingIfNeeded: 255 - (255 - luma) / 4)
                        output[offset] = faded
                        output[offset + 1] = faded
                        output[offset + 2] = faded
                    }
                }
            }
        }
        return RGBA8Image(validatedWidth: actual.width, height: actual.height, pixels: output)
    }

    /// The largest absolute channel difference of pixel `pixel` in two RGBA8 buffers.
    @inline(__always)
    private static func maxChannelDifference(
        _ actual: UnsafeBufferPointer<UInt8>, _ reference: UnsafeBufferPointer<UInt8>, pixel: Int
    ) -> UInt8 {
        let offset = pixel * 4
        var largest: UInt8 = 0
        for channel in offset..<offset + 4 {
            let a = actual[channel]
            let b = reference[channel]
            largest = max(largest, a > b ? a - b : b - a)
        }
        return largest
    }
}
