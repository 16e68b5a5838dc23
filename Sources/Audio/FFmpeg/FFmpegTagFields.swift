import Foundation

/// The tags of a file from FFmpeg's metadata: the key-value pairs its demuxers give under
/// FFmpeg's generic names (`title`, `album_artist`, `track` …), whatever the format stores
/// (MP4 atoms, ID3 frames, Vorbis comments, APE tags).
///
/// Keys are compared without case. Numbers read `3` or `3/12` (the form FFmpeg gives MP4's
/// `trkn` and ID3's `TRCK`), with Vorbis comments' separate totals as a fallback. ReplayGain
/// gains read `-6.5 dB` or `-6.5`, peaks `0.98`.
struct FFmpegTagFields: Equatable {
    /// The metadata, keys lowercased; the first value of a key wins.
    let entries: [String: String]

    /// Fields from `pairs` in the order given: the container's metadata before its stream's.
    init(_ pairs: [(key: String, value: String)]) {
        var entries: [String: String] = [:]
        for (key, value) in pairs where !value.isEmpty {
            entries[key.lowercased()] = entries[key.lowercased()] ?? value
        }
        self.entries = entries
    }

    /// The first non-empty value among `keys`.
    func text(_ keys: String...) -> String? {
        keys.lazy.compactMap { entries[$0] }.first
    }

    /// The title, artist, album, album artist, track and disc numbers and ReplayGain values.
    var tags: TagBundle {
        let track = Self.numberAndTotal(text("track", "tracknumber"))
        let disc = Self.numberAndTotal(text("disc", "discnumber"))
        let gain = ReplayGain(
            trackGain: Self.decibels(text("replaygain_track_gain")),
            trackPeak: Self.peak(text("replaygain_track_peak")),
            albumGain: Self.decibels(text("replaygain_album_gain")),
            albumPeak: Self.peak(text("replaygain_album_peak"))
        )
        return TagBundle(
            title: text("title"),
            artist: text("artist"),
            album: text("album"),
            albumArtist: text("album_artist", "albumartist", "album artist"),
            trackNumber: track.number,
            trackTotal: track.total ?? Self.count(text("tracktotal", "totaltracks")),
            discNumber: disc.number,
            discTotal: disc.total ?? Self.count(text("disctotal", "totaldiscs")),
            replayGain: gain.isEmpty ? nil : gain
        )
    }

    /// `3` or `3/12` as its number and total; a part that is not a positive whole number is nil.
    static func numberAndTotal(_ text: String?) -> (number: Int?, total: Int?) {
        guard let text else { return (nil, nil) }
        let parts = text.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        return (count(parts.first.map(String.init)), parts.count > 1 ? count(String(parts[1])) : nil)
    }

    /// A positive whole number, surrounding spaces allowed.
    static func count(_ text: String?) -> Int? {
        guard let text, let value = Int(text.trimmingCharacters(in: .whitespaces)), value > 0 else { return nil }
        return value
    }

    /// A gain such as `-6.50 dB`, `+3 dB` or `-6.5`; nil unless it is a finite number.
    static func decibels(_ text: String?) -> Double? {
        guard var text = text?.trimmingCharacters(in: .whitespaces) else { return nil }
        if text.lowercased().hasSuffix("db") { text = String(text.dropLast(2)).trimmingCharacters(in: .whitespaces) }
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }

    /// A peak such as `0.988`; nil unless it is a finite number ≥ 0.
    static func peak(_ text: String?) -> Double? {
        guard let text, let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite, value >= 0 else { return nil }
        return value
    }
}
