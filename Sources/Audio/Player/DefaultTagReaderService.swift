import Foundation

/// A ``TagReaderService`` over a ``TagReaderPort``: the file name (without extension) stands in
/// for a missing title, missing artist and album are empty, and the file's ReplayGain values
/// go into ``Track/replayGain``.
public struct DefaultTagReaderService: TagReaderService {
    private let reader: any TagReaderPort

    /// Creates the service over `reader`.
    public init(reader: any TagReaderPort) {
        self.reader = reader
    }

    /// Reads the tags of `url` off the caller's executor (opening may block on I/O).
    public func readMetadata(for url: URL) async throws(AudioError) -> Track {
        let reader = self.reader
        let result = await Task.detached { () -> Result<TagBundle, AudioError> in
            Result { () throws(AudioError) in try reader.read(url: url) }
        }.value
        let tags = try result.get()
        return Track(
            url: url,
            title: tags.title ?? url.deletingPathExtension().lastPathComponent,
            artist: tags.artist ?? "",
            album: tags.album ?? "",
            duration: tags.duration,
            replayGain: tags.replayGain
        )
    }
}
