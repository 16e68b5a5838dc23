/// What a ``Playlist`` is sorted by.
public enum PlaylistSortKey: String, CaseIterable, Sendable {
    /// The order in which tracks were added.
    case insertionOrder
    /// The title, compared case-insensitively.
    case title
    /// The artist, compared case-insensitively.
    case artist
    /// The album, compared case-insensitively.
    case album
    /// The duration; tracks without one come first when ascending.
    case duration
}
