/// The part of a track that plays: from `start`, and up to `end` when it is set.
public struct PlaybackRange: Sendable, Equatable {
    /// Where playback jumps back to on reaching ``end``, in seconds.
    public var start: Double
    /// Where playback pauses, in seconds; `nil` plays to the end of the track.
    public var end: Double?

    /// Creates a range.
    public init(start: Double, end: Double?) {
        self.start = start
        self.end = end
    }
}
