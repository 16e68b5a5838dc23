import Foundation
import Systems

/// What `harmonia --print` writes: the playlist with its tags and the paths that gave no track,
/// as JSON with sorted keys, every key always present.
///
/// ```json
/// {
///   "tracks" : [
///     { "album" : "", "artist" : "Ann", "duration" : 2.5, "path" : "/music/a.flac", "title" : "Air" }
///   ],
///   "unplayable" : [
///     { "error" : "decodeError", "message" : "/music/b.wav is empty", "path" : "/music/b.wav" }
///   ]
/// }
/// ```
///
/// A track's `title` is its title tag or else the file name without its extension; `artist` and
/// `album` are empty without a tag; `duration` is in seconds, `null` when unknown. An unplayable
/// entry's `error` is the ``CoreError`` case (`notFound`, `unsupported`, `decodeError`,
/// `ioError`, `invalidArgument`, `invalidState`) and `message` says why.
struct PlaylistDocument: Encodable, Equatable {
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

        /// Writes every key, `duration` as `null` when unknown.
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(path, forKey: .path)
            try container.encode(title, forKey: .title)
            try container.encode(artist, forKey: .artist)
            try container.encode(album, forKey: .album)
            try container.encode(duration, forKey: .duration)
        }

        /// The keys.
        enum CodingKeys: String, CodingKey {
            case path, title, artist, album, duration
        }
    }

    /// One path that gave no track.
    struct Failure: Encodable, Equatable {
        /// The file's or folder's absolute path.
        let path: String
        /// The ``CoreError`` case.
        let error: String
        /// Why.
        let message: String
    }

    /// The playlist in play order.
    let tracks: [Entry]
    /// The paths that gave no track, in the order they were named.
    let unplayable: [Failure]

    /// The document of `tracks` and `unplayable`.
    init(tracks: [Track], unplayable: [UnplayableFile]) {
        self.tracks = tracks.map { track in
            Entry(
                path: track.url.path, title: track.title, artist: track.artist, album: track.album,
                duration: track.duration.flatMap { $0.isFinite ? $0 : nil })
        }
        self.unplayable = unplayable.map { Failure(path: $0.url.path, error: Self.caseName($0.error), message: $0.error.message) }
    }

    /// The JSON text, pretty-printed with sorted keys, ending in a newline.
    func json() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self) + Data("\n".utf8)
    }

    /// The name of `error`'s case.
    static func caseName(_ error: CoreError) -> String {
        switch error {
        case .invalidArgument: "invalidArgument"
        case .invalidState: "invalidState"
        case .notFound: "notFound"
        case .ioError: "ioError"
        case .decodeError: "decodeError"
        case .unsupported: "unsupported"
        }
    }
}
