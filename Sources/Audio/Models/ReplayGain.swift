import Foundation

/// A file's ReplayGain values (`REPLAYGAIN_TRACK_GAIN` and its kin, or FFmpeg's `replaygain`
/// side data): gains in dB toward the reference loudness, peaks as the largest absolute sample
/// with 1 as full scale. A value is `nil` when the file does not give it.
public struct ReplayGain: Sendable, Equatable {
    /// The track's gain in dB.
    public var trackGain: Double?
    /// The track's peak (1 is full scale; lossy codecs can exceed it).
    public var trackPeak: Double?
    /// The album's gain in dB.
    public var albumGain: Double?
    /// The album's peak.
    public var albumPeak: Double?

    /// Creates ReplayGain values.
    public init(trackGain: Double? = nil, trackPeak: Double? = nil, albumGain: Double? = nil, albumPeak: Double? = nil) {
        self.trackGain = trackGain
        self.trackPeak = trackPeak
        self.albumGain = albumGain
        self.albumPeak = albumPeak
    }

    /// Whether no value is known.
    public var isEmpty: Bool {
        trackGain == nil && trackPeak == nil && albumGain == nil && albumPeak == nil
    }

    /// The gain and peak for `mode`: that mode's values, each falling back to the other mode's
    /// when missing (a track-only file still gets its track gain in album mode); none for
    /// ``ReplayGainMode/off``.
    public func values(for mode: ReplayGainMode) -> (gain: Double?, peak: Double?) {
        switch mode {
        case .track: (trackGain ?? albumGain, trackPeak ?? albumPeak)
        case .album: (albumGain ?? trackGain, albumPeak ?? trackPeak)
        case .off: (nil, nil)
        }
    }

    /// The output gain for a user volume `volume` in [0, 1]: `min(1, volume × g)`, where
    /// `g = 10^(decibels/20)`, lowered to `1/peak` when that is smaller so that the loudest
    /// sample stays at or below full scale. With no gain `g` is 1; a peak that is not finite
    /// and positive, or a gain that is not finite, is ignored.
    public static func scale(volume: Float, decibels: Double?, peak: Double?) -> Float {
        var gain = 1.0
        if let decibels, decibels.isFinite { gain = pow(10, decibels / 20) }
        if let peak, peak.isFinite, peak > 0 { gain = min(gain, 1 / peak) }
        return Float(min(1, Double(volume) * gain))
    }
}
