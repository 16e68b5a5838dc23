import Foundation
import Audio

/// What `harmonia --print` writes: the playlist with its tags and the paths that gave no track,
/// as JSON with sorted keys, every key always present.
///
/// ```json
/// {
///   "tracks" : [
///     { "album" : "", "albumArtist" : "", "artist" : "Ann", "artwork" : null, "disc" : null,
///       "discTotal" : null, "duration" : 2.5, "path" : "/music/a.flac", "replayGain" : null,
///       "stream" : { "bitDepth" : 24, "channels" : 2, "format" : "flac", "sampleRate" : 96000 },
///       "title" : "Air", "track" : 3, "trackTotal" : 12 }
///   ],
///   "unplayable" : [
///     { "error" : "decodeError", "message" : "/music/b.wav is empty", "path" : "/music/b.wav" }
///   ]
/// }
/// ```
///
/// A track's `title` is its title tag or else the file name without its extension; `artist`,
/// `album` and `albumArtist` are empty without a tag; `duration` is in seconds; `track`,
/// `trackTotal`, `disc` and `discTotal` are whole numbers; `artwork` is
/// `{ "bytes": N, "mimeType": "image/jpeg" }` for an embedded picture; `replayGain` holds
/// `trackGain`, `trackPeak`, `albumGain` and `albumPeak` (gains in dB, peaks with 1 as full
/// scale); `stream` holds what the decoder reads: the format the file is judged by (its content,
/// as the player's Free/Pro rule judges it), the sample rate in Hz, the channels and the bit
/// depth of the source encoding (nominal 16 for lossy codecs). Whatever the file does not give
/// is `null`. An unplayable entry's `error` is the
/// ``AudioError`` case (`notFound`, `unsupported`, `decodeError`, `ioError`, `invalidArgument`,
/// `invalidState`) and `message` says why.
struct PlaylistDocument: Encodable, Equatable {
    /// An embedded picture, by its size and type.
    struct Artwork: Encodable, Equatable {
        /// The encoded picture's size in bytes.
        let bytes: Int
        /// Its MIME type.
        let mimeType: String
    }

    /// The ReplayGain values, each `null` when the file lacks it.
    struct Gain: Encodable, Equatable {
        let trackGain: Double?
        let trackPeak: Double?
        let albumGain: Double?
        let albumPeak: Double?

        /// Writes every key, `null` for a missing value.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(trackGain, forKey: .trackGain)
            try container.encode(trackPeak, forKey: .trackPeak)
            try container.encode(albumGain, forKey: .albumGain)
            try container.encode(albumPeak, forKey: .albumPeak)
        }

        /// The keys.
        enum CodingKeys: String, CodingKey {
            case trackGain, trackPeak, albumGain, albumPeak
        }
    }

    /// What the decoder reads of a track's file.
    struct Stream: Encodable, Equatable {
        /// The format the file is judged by (`FormatPolicy.format(of:)`).
        let format: String
        /// Frames per second.
        let sampleRate: Double
        /// Interleaved channels.
        let channels: Int
        /// Bits per sample of the source encoding.
        let bitDepth: Int
    }

    /// One track.
    struct Entry: Encodable, Equatable {
        /// The file's absolute path.
        let path: String
        /// The title tag, or the file name.
        let title: String
        /// The artist tag, or empty.
        let artist: String
        /// The album tag, or empty.
        let album: String
        /// Seconds, or `nil` (`null`) when unknown.
        let duration: Double?
        /// The album artist tag, or empty.
        let albumArtist: String
        /// The track's number on its disc, the disc's tracks, the disc's number and the discs.
        let track: Int?, trackTotal: Int?, disc: Int?, discTotal: Int?
        /// The embedded picture.
        let artwork: Artwork?
        /// The ReplayGain values, when the file has any.
        let replayGain: Gain?
        /// What the decoder reads of the file, when it was opened.
        let stream: Stream?

        /// The entry of `track`, with the fuller tags of `tags` and the `stream` facts when they
        /// were read.
        init(_ track: Track, tags: TagBundle?, stream: Stream? = nil) {
            self.stream = stream
            path = track.url.path
            title = track.title
            artist = track.artist
            album = track.album
            duration = track.duration.flatMap { $0.isFinite ? $0 : nil }
            albumArtist = tags?.albumArtist ?? ""
            self.track = tags?.trackNumber
            trackTotal = tags?.trackTotal
            disc = tags?.discNumber
            discTotal = tags?.discTotal
            artwork = tags?.artwork.map { Artwork(bytes: $0.data.count, mimeType: $0.mimeType) }
            let gain = track.replayGain ?? tags?.replayGain
            replayGain = gain.flatMap { $0.isEmpty ? nil : Gain(trackGain: $0.trackGain, trackPeak: $0.trackPeak, albumGain: $0.albumGain, albumPeak: $0.albumPeak) }
        }

        /// Writes every key, `null` for what is unknown.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(path, forKey: .path)
            try container.encode(title, forKey: .title)
            try container.encode(artist, forKey: .artist)
            try container.encode(album, forKey: .album)
            try container.encode(duration, forKey: .duration)
            try container.encode(albumArtist, forKey: .albumArtist)
            try container.encode(track, forKey: .track)
            try container.encode(trackTotal, forKey: .trackTotal)
            try container.encode(disc, forKey: .disc)
            try container.encode(discTotal, forKey: .discTotal)
            try container.encode(artwork, forKey: .artwork)
            try container.encode(replayGain, forKey: .replayGain)
            try container.encode(stream, forKey: .stream)
        }

        /// The keys.
        enum CodingKeys: String, CodingKey {
            case path, title, artist, album, duration, albumArtist, track, trackTotal, disc, discTotal, artwork, replayGain, stream
        }
    }

    /// One path that gave no track.
    struct Failure: Encodable, Equatable {
        /// The file's or folder's absolute path.
        let path: String
        /// The ``AudioError`` case.
        let error: String
        /// Why.
        let message: String
    }

    /// The playlist in play order.
    let tracks: [Entry]
    /// The paths that gave no track, in the order they were named.
    let unplayable: [Failure]

    /// The document of `tracks`, each with the tags of its file when they were read and its
    /// stream facts from `streams` (by path), and `unplayable`.
    init(tracks: [(track: Track, tags: TagBundle?)], unplayable: [UnplayableFile], streams: [String: Stream] = [:]) {
        self.tracks = tracks.map { Entry($0.track, tags: $0.tags, stream: streams[$0.track.url.path]) }
        self.unplayable = unplayable.map { Failure(path: $0.url.path, error: $0.error.caseName, message: $0.error.message) }
    }

    /// The JSON text, pretty-printed with sorted keys, ending in a newline.
    func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    /// What `decoder` reads of the file at `url`: its format, rate, channels and depth; nil when
    /// it cannot be opened.
    static func stream(of url: URL, decoder: any DecoderPort) -> Stream? {
        guard let handle = try? decoder.open(url: url) else { return nil }
        defer { decoder.close(handle) }
        guard let info = try? decoder.info(handle) else { return nil }
        return Stream(format: FormatPolicy.format(of: url), sampleRate: info.sampleRate, channels: info.channels, bitDepth: info.bitDepth)
    }
}
