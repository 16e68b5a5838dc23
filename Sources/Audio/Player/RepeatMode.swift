/// What happens when a track ends.
public enum RepeatMode: String, CaseIterable, Sendable {
    /// Play the next track; stop after the last.
    case off
    /// Play the next track; after the last, start again at the first.
    case all
    /// Play the same track again.
    case one

    /// The next mode in the cycle off → all → one → off.
    public var next: RepeatMode {
        switch self {
        case .off: .all
        case .all: .one
        case .one: .off
        }
    }
}
