import ECS
import Foundation

extension AudioAsset {
    /// Frames decoded per block.
    static let decodeBlockFrames = 16_384

    /// The whole file at `url` decoded through `decoder` into memory, block by block, counting
    /// the frames actually decoded (a header's frame count is never trusted).
    /// - Throws: The decoder's ``AudioError``s; ``AudioError/unsupported(_:)`` for more than
    ///   ``maxChannels`` channels or a rate outside ``sampleRates``;
    ///   ``AudioError/decodeError(_:)`` for a file longer than `maxFrames` frames (the bound on
    ///   memory) or a sample that is not finite.
    public static func decode(url: URL, decoder: any DecoderPort, maxFrames: Int = 1 << 26) throws(AudioError) -> AudioAsset {
        let handle = try decoder.open(url: url)
        defer { decoder.close(handle) }
        let info = try decoder.info(handle)
        guard (1...maxChannels).contains(info.channels) else {
            throw .unsupported("\(url.lastPathComponent) has \(info.channels) channels; at most \(maxChannels) are mixed")
        }
        guard info.sampleRate.isFinite, info.sampleRate.rounded() == info.sampleRate, sampleRates.contains(Int(info.sampleRate)) else {
            throw .unsupported("\(url.lastPathComponent) has a sample rate of \(info.sampleRate) Hz, outside \(sampleRates.lowerBound)...\(sampleRates.upperBound)")
        }
        var samples: [Float] = []
        var block = [Float](repeating: 0, count: decodeBlockFrames * info.channels)
        while true {
            let frames = try decoder.read(handle, into: &block, maxFrames: decodeBlockFrames)
            guard frames > 0 else { break }
            guard samples.count / info.channels + frames <= maxFrames else {
                throw .decodeError("\(url.lastPathComponent) is longer than \(maxFrames) frames")
            }
            samples.append(contentsOf: block[0..<(frames * info.channels)])
        }
        do {
            return try AudioAsset(interleaved: samples, channels: info.channels, sampleRate: Int(info.sampleRate))
        } catch {
            throw .decodeError("\(url.lastPathComponent): \(error.message)")
        }
    }
}
