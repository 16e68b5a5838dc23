import ECS

/// The waveform of one track at one width, kept behind a `VersionedCache`: the peaks are
/// computed when first read and again only after the track or the width changed.
public final class WaveformDisplay {
    /// The track shown; nil for none.
    public private(set) var track: AudioAsset?
    /// Columns of the display.
    public private(set) var width: Int
    /// Times the peaks were computed.
    public private(set) var computations = 0
    /// Bumped by every change of track or width.
    private var version: UInt64 = 0
    /// The peaks of the current version.
    private var cache: VersionedCache<WaveformPeaks?>

    /// A display of `width` columns showing `track`; cache hits and misses are counted in
    /// `diagnostics` when given.
    /// - Throws: ``AudioError/invalidArgument(_:)`` for a width outside 1...``WaveformPeaks/maxWidth``.
    public init(track: AudioAsset? = nil, width: Int, diagnostics: WorldDiagnostics? = nil) throws(AudioError) {
        try Self.check(width: width)
        self.track = track
        self.width = width
        cache = VersionedCache(diagnostics: diagnostics)
    }

    /// Shows `track` (a different object, or none); showing the same object changes nothing.
    public func show(_ track: AudioAsset?) {
        guard track !== self.track else { return }
        self.track = track
        version += 1
    }

    /// Resizes the display; the same width changes nothing.
    /// - Throws: ``AudioError/invalidArgument(_:)`` for a width outside 1...``WaveformPeaks/maxWidth``.
    public func resize(width: Int) throws(AudioError) {
        try Self.check(width: width)
        guard width != self.width else { return }
        self.width = width
        version += 1
    }

    /// The peaks of the track at the width (nil without a track), from the cache when neither
    /// changed since they were computed.
    public var peaks: WaveformPeaks? {
        // Cannot fail: the width was checked when it was set.
        cache.value(for: version) {
            guard let track else { return nil }
            computations += 1
            return try? WaveformPeaks(asset: track, width: width)
        }
    }

    /// Rejects a width outside 1...``WaveformPeaks/maxWidth``.
    static func check(width: Int) throws(AudioError) {
        guard (1...WaveformPeaks.maxWidth).contains(width) else {
            throw AudioError.invalidArgument("waveform width must be in 1...\(WaveformPeaks.maxWidth) columns, got \(width)")
        }
    }
}
