import ECS

/// The lowest and highest sample of each column of a waveform display: column `c` of `width`
/// covers frames `c · frames / width ..< (c + 1) · frames / width` (at least one frame when
/// the track is shorter than the width), over every channel.
public struct WaveformPeaks: Sendable, Equatable {
    /// Largest width accepted, in columns.
    public static let maxWidth = 65_536

    /// The lowest sample of each column.
    public let minimum: [Float]
    /// The highest sample of each column.
    public let maximum: [Float]

    /// Columns.
    public var width: Int { minimum.count }

    /// The peaks of `asset` over `width` columns; all zero for an asset without frames.
    /// - Throws: ``AudioError/invalidArgument(_:)`` for a width outside 1...``maxWidth``.
    public init(asset: AudioAsset, width: Int) throws(AudioError) {
        guard (1...Self.maxWidth).contains(width) else {
            throw AudioError.invalidArgument("waveform width must be in 1...\(Self.maxWidth) columns, got \(width)")
        }
        var low = [Float](repeating: 0, count: width)
        var high = [Float](repeating: 0, count: width)
        let frames = asset.frames
        let channels = asset.channels
        if frames > 0 {
            let samples = asset.interleavedSamples
            for column in 0..<width {
                let start = min(column * frames / width, frames - 1)
                let end = max(start + 1, (column + 1) * frames / width)
                var lowest = Float.infinity
                var highest = -Float.infinity
                for index in (start * channels)..<(end * channels) {
                    lowest = min(lowest, samples[index])
                    highest = max(highest, samples[index])
                }
                low[column] = lowest
                high[column] = highest
            }
        }
        minimum = low
        maximum = high
    }
}
