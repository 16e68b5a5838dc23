#if canImport(CALSA)
import CALSA

/// The sample encodings ``ALSAOutput`` writes to a PCM, all interleaved and little-endian.
///
/// The output asks the device for the first of its preferred encodings that the device takes
/// (by default ``float32``, then ``signed32``, then ``signed16``) and converts the mix to it:
/// ``float32`` is the mix's own bits; the integer encodings clip the mix to [−1, 1], scale it by
/// the largest positive value (so −1 becomes −32,767, not −32,768) and round to the nearest
/// integer, halves away from zero; NaN becomes 0.
public enum ALSASampleFormat: String, CaseIterable, Sendable {
    /// 32-bit float (`SND_PCM_FORMAT_FLOAT_LE`): the samples as mixed, bit for bit.
    case float32
    /// 32-bit signed integer (`SND_PCM_FORMAT_S32_LE`).
    case signed32
    /// 16-bit signed integer (`SND_PCM_FORMAT_S16_LE`).
    case signed16

    /// Bytes per sample.
    public var bytesPerSample: Int {
        switch self {
        case .float32, .signed32: 4
        case .signed16: 2
        }
    }

    /// ALSA's format constant.
    var pcmFormat: snd_pcm_format_t {
        switch self {
        case .float32: SND_PCM_FORMAT_FLOAT_LE
        case .signed32: SND_PCM_FORMAT_S32_LE
        case .signed16: SND_PCM_FORMAT_S16_LE
        }
    }

    /// `sample` as a 16-bit integer: clipped to [−1, 1], times 32,767, rounded; NaN is 0.
    static func signed16(_ sample: Float) -> Int16 {
        guard !sample.isNaN else { return 0 }
        return Int16((min(max(sample, -1), 1) * 32_767).rounded())
    }

    /// `sample` as a 32-bit integer: clipped to [−1, 1], times 2,147,483,647 (in double
    /// precision), rounded; NaN is 0.
    static func signed32(_ sample: Float) -> Int32 {
        guard !sample.isNaN else { return 0 }
        return Int32((Double(min(max(sample, -1), 1)) * 2_147_483_647).rounded())
    }

    /// Writes `samples`, each times `volume` (skipped at 1, so the bits stay the mix's), into
    /// `bytes` in this encoding; `bytes` holds at least `samples.count × bytesPerSample` bytes.
    func encode(_ samples: ArraySlice<Float>, volume: Float, into bytes: inout [UInt8]) {
        precondition(bytes.count >= samples.count * bytesPerSample, "the byte buffer is too small for the period")
        // SAFETY: the byte buffer holds `samples.count × bytesPerSample` bytes (checked above),
        // and each store writes its sample's own unaligned bytes inside it.
        unsafe bytes.withUnsafeMutableBytes { raw in
            var offset = 0
            for sample in samples {
                let scaled = volume == 1 ? sample : sample * volume
                switch self {
                case .float32: unsafe raw.storeBytes(of: scaled.bitPattern.littleEndian, toByteOffset: offset, as: UInt32.self)
                case .signed32: unsafe raw.storeBytes(of: Self.signed32(scaled).littleEndian, toByteOffset: offset, as: Int32.self)
                case .signed16: unsafe raw.storeBytes(of: Self.signed16(scaled).littleEndian, toByteOffset: offset, as: Int16.self)
                }
                offset += bytesPerSample
            }
        }
    }
}
#endif
