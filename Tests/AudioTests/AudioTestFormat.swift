import CSndFile

/// A file format the tests write with libsndfile and then decode.
struct AudioTestFormat: CustomStringConvertible, Sendable {
    /// A short name, also the file's stem.
    let name: String
    /// libsndfile's major type or'ed with the subtype.
    let format: Int32
    /// The file extension.
    let fileExtension: String
    /// Whether decoding gives back the written samples (up to quantisation).
    let isLossless: Bool
    /// Bits per sample of the encoding, used for the quantisation tolerance of lossless formats.
    let bitDepth: Int

    /// The name.
    var description: String { name }

    /// The largest decode error a lossless format may show against the written signal: 1e-4,
    /// or half a quantisation step plus rounding for 8-bit data.
    var tolerance: Float {
        max(1e-4, 1.01 / Float(1 << (bitDepth - 1)))
    }

    /// The candidates: WAV in 8/16/24/32-bit integer and float, AIFF, FLAC, Ogg Vorbis, Opus
    /// and MP3.
    static let candidates: [AudioTestFormat] = [
        .init(name: "wav-u8", format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_U8), fileExtension: "wav", isLossless: true, bitDepth: 8),
        .init(name: "wav-s16", format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_16), fileExtension: "wav", isLossless: true, bitDepth: 16),
        .init(name: "wav-s24", format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_24), fileExtension: "wav", isLossless: true, bitDepth: 24),
        .init(name: "wav-s32", format: Int32(SF_FORMAT_WAV | SF_FORMAT_PCM_32), fileExtension: "wav", isLossless: true, bitDepth: 32),
        .init(name: "wav-float", format: Int32(SF_FORMAT_WAV | SF_FORMAT_FLOAT), fileExtension: "wav", isLossless: true, bitDepth: 32),
        .init(name: "aiff-s16", format: Int32(SF_FORMAT_AIFF | SF_FORMAT_PCM_16), fileExtension: "aiff", isLossless: true, bitDepth: 16),
        .init(name: "aiff-s24", format: Int32(SF_FORMAT_AIFF | SF_FORMAT_PCM_24), fileExtension: "aiff", isLossless: true, bitDepth: 24),
        .init(name: "flac-s16", format: Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_16), fileExtension: "flac", isLossless: true, bitDepth: 16),
        .init(name: "flac-s24", format: Int32(SF_FORMAT_FLAC | SF_FORMAT_PCM_24), fileExtension: "flac", isLossless: true, bitDepth: 24),
        .init(name: "ogg-vorbis", format: Int32(SF_FORMAT_OGG | SF_FORMAT_VORBIS), fileExtension: "ogg", isLossless: false, bitDepth: 16),
        .init(name: "ogg-opus", format: Int32(SF_FORMAT_OGG | SF_FORMAT_OPUS), fileExtension: "opus", isLossless: false, bitDepth: 16),
        .init(name: "mp3", format: Int32(SF_FORMAT_MPEG | SF_FORMAT_MPEG_LAYER_III), fileExtension: "mp3", isLossless: false, bitDepth: 16),
    ]

    /// The major types the installed libsndfile lists (`SFC_GET_FORMAT_MAJOR`).
    static var installedMajorTypes: Set<Int32> {
        var count: Int32 = 0
        sf_command(nil, Int32(SFC_GET_FORMAT_MAJOR_COUNT), &count, Int32(MemoryLayout<Int32>.size))
        var majors: Set<Int32> = []
        for index in 0..<count {
            var info = SF_FORMAT_INFO()
            info.format = index
            sf_command(nil, Int32(SFC_GET_FORMAT_MAJOR), &info, Int32(MemoryLayout<SF_FORMAT_INFO>.size))
            majors.insert(info.format)
        }
        return majors
    }

    /// The candidates whose major type the installed libsndfile lists and whose combination it
    /// accepts for writing at `sampleRate` with `channels` (`sf_format_check`).
    static func writable(sampleRate: Int, channels: Int) -> [AudioTestFormat] {
        let majors = installedMajorTypes
        return candidates.filter { candidate in
            var info = SF_INFO()
            info.samplerate = Int32(sampleRate)
            info.channels = Int32(channels)
            info.format = candidate.format
            return majors.contains(candidate.format & Int32(SF_FORMAT_TYPEMASK)) && sf_format_check(&info) == SF_TRUE
        }
    }
}
