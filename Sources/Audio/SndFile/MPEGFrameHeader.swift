/// The fields of one MPEG audio frame header (ISO 11172-3 and 13818-3, and MPEG 2.5) that give
/// the frame's length: version, layer, bit rate, sample rate and padding.
struct MPEGFrameHeader: Equatable {
    /// 1 for MPEG-1, 2 for MPEG-2, 25 for MPEG-2.5.
    let version: Int
    /// 1, 2 or 3.
    let layer: Int
    /// Samples per second.
    let sampleRate: Int
    /// Bytes of the frame, its header included.
    let frameLength: Int

    /// Bit rates in kbit/s by bit-rate index (1...14): MPEG-1 layers I, II, III, then MPEG-2
    /// and 2.5 layer I, then their layers II and III.
    private static let bitRates: [[Int]] = [
        [32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
        [32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
        [32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
        [32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
        [8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    ]

    /// The header of the four bytes at `offset`, nil when they are not one (no sync word, a
    /// reserved version, layer or sample rate, or a free or bad bit rate).
    init?(_ bytes: [UInt8], at offset: Int) {
        guard offset >= 0, offset + 4 <= bytes.count, bytes[offset] == 0xFF, bytes[offset + 1] & 0xE0 == 0xE0 else { return nil }
        let versionBits = Int(bytes[offset + 1] >> 3 & 3)
        let layerBits = Int(bytes[offset + 1] >> 1 & 3)
        let bitRateIndex = Int(bytes[offset + 2] >> 4)
        let rateIndex = Int(bytes[offset + 2] >> 2 & 3)
        guard versionBits != 1, layerBits != 0, (1...14).contains(bitRateIndex), rateIndex != 3 else { return nil }
        version = [25, 0, 2, 1][versionBits]
        layer = 4 - layerBits
        let padding = Int(bytes[offset + 2] >> 1 & 1)
        sampleRate = [44_100, 48_000, 32_000][rateIndex] / (version == 1 ? 1 : version == 2 ? 2 : 4)
        let table = version == 1 ? layer - 1 : (layer == 1 ? 3 : 4)
        let bitRate = Self.bitRates[table][bitRateIndex - 1] * 1000
        frameLength = switch layer {
        case 1: (12 * bitRate / sampleRate + padding) * 4
        case 3 where version != 1: 72 * bitRate / sampleRate + padding
        default: 144 * bitRate / sampleRate + padding
        }
    }

    /// Whether `other` belongs to the same stream (version, layer and sample rate never change
    /// within one).
    func isSameStream(as other: MPEGFrameHeader) -> Bool {
        version == other.version && layer == other.layer && sampleRate == other.sampleRate
    }
}
