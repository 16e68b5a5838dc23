import CSndFile
import Foundation
import Audio

/// A codec the tests encode a ``SineSignal`` with through FFmpeg's own encoders (the `ffmpeg`
/// tool), from a WAV that libsndfile writes.
struct FFmpegTestCodec: CustomStringConvertible, Sendable {
    /// A short name, also the encoded file's stem.
    let name: String
    /// The encoded file's extension, which picks ffmpeg's muxer.
    let fileExtension: String
    /// The encoder and its options.
    let arguments: [String]
    /// The libsndfile subtype of the source WAV.
    let sourceSubtype: Int32

    /// The name.
    var description: String { name }

    /// AAC-LC in MP4 at 256 kbit/s (FFmpeg's native encoder, with its "fast" coder, whose
    /// quality is steadier than the default two-loop search on a pure tone).
    static let aac = FFmpegTestCodec(name: "aac", fileExtension: "m4a", arguments: ["-c:a", "aac", "-aac_coder", "fast", "-b:a", "256k"], sourceSubtype: Int32(SF_FORMAT_PCM_16))
    /// ALAC in MP4 from 16-bit samples.
    static let alac16 = FFmpegTestCodec(name: "alac16", fileExtension: "m4a", arguments: ["-c:a", "alac"], sourceSubtype: Int32(SF_FORMAT_PCM_16))
    /// ALAC in MP4 from 24-bit samples.
    static let alac24 = FFmpegTestCodec(name: "alac24", fileExtension: "m4a", arguments: ["-c:a", "alac"], sourceSubtype: Int32(SF_FORMAT_PCM_24))
    /// FLAC from 16-bit samples.
    static let flac = FFmpegTestCodec(name: "flac", fileExtension: "flac", arguments: ["-c:a", "flac"], sourceSubtype: Int32(SF_FORMAT_PCM_16))
    /// Opus in Ogg at 128 kbit/s (libopus).
    static let opus = FFmpegTestCodec(name: "opus", fileExtension: "opus", arguments: ["-c:a", "libopus", "-b:a", "128k"], sourceSubtype: Int32(SF_FORMAT_PCM_16))
    /// MP3 at 192 kbit/s (LAME), with its gapless Info header.
    static let mp3 = FFmpegTestCodec(name: "mp3", fileExtension: "mp3", arguments: ["-c:a", "libmp3lame", "-b:a", "192k"], sourceSubtype: Int32(SF_FORMAT_PCM_16))
    /// Windows Media Audio 2 in ASF.
    static let wma = FFmpegTestCodec(name: "wma", fileExtension: "wma", arguments: ["-c:a", "wmav2", "-b:a", "192k"], sourceSubtype: Int32(SF_FORMAT_PCM_16))

    /// Writes `signal` as a WAV and encodes it in `directory`; returns both paths.
    func write(_ signal: SineSignal = SineSignal(), in directory: String, options: [String] = []) throws -> (source: String, encoded: String) {
        let source = "\(directory)/\(name)-source.wav"
        try signal.write(to: source, format: Int32(SF_FORMAT_WAV) | sourceSubtype)
        let encoded = "\(directory)/\(name).\(fileExtension)"
        try FFmpegTool.encode(source, to: encoded, codec: arguments, options: options)
        return (source, encoded)
    }
}

/// Opens `path` with `decoder` and decodes all of it.
func decodeFile(_ decoder: some DecoderPort, _ path: String) throws -> (info: StreamInfo, samples: [Float]) {
    let handle = try decoder.open(url: URL(fileURLWithPath: path))
    defer { decoder.close(handle) }
    let info = try decoder.info(handle)
    return (info, try decodeAll(decoder, handle, channels: info.channels))
}

/// The signal-to-noise ratio in dB of `decoded` against `reference` over the samples both
/// have, leaving out `margin` samples at each end.
func signalToNoise(_ decoded: [Float], _ reference: [Float], margin: Int) -> Double {
    var signal = 0.0, noise = 0.0
    for index in margin..<(min(decoded.count, reference.count) - margin) {
        let error = Double(decoded[index]) - Double(reference[index])
        signal += Double(reference[index]) * Double(reference[index])
        noise += error * error
    }
    return 10 * log10(signal / noise)
}
