/// A failure the player reports.
///
/// Six cases; the last two carry a message.
public enum PlaybackError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The format is not allowed (Free/Pro) or not decodable.
    case unsupportedFormat
    /// The file is missing or unreadable.
    case failedToOpenFile
    /// The file is damaged.
    case failedToDecode
    /// The audio output failed.
    case outputError
    /// The operation is not allowed now, and why.
    case invalidState(String)
    /// An argument is out of range, and which.
    case invalidArgument(String)

    /// The player's error for a core error: `notFound` and `ioError` → ``failedToOpenFile``,
    /// `decodeError` → ``failedToDecode``, `unsupported` → ``unsupportedFormat``, and the state
    /// and argument errors keep their messages (a world's refusal is a state error, with the
    /// world's code and message).
    public init(_ error: AudioError) {
        switch error {
        case .notFound, .ioError: self = .failedToOpenFile
        case .decodeError: self = .failedToDecode
        case .unsupported: self = .unsupportedFormat
        case .invalidState(let message): self = .invalidState(message)
        case .invalidArgument(let message): self = .invalidArgument(message)
        case .world(let error): self = .invalidState(error.description)
        }
    }

    /// A sentence for the user.
    public var description: String {
        switch self {
        case .unsupportedFormat: "the format is not supported"
        case .failedToOpenFile: "the file could not be opened"
        case .failedToDecode: "the file could not be decoded"
        case .outputError: "the audio output failed"
        case .invalidState(let message): "not possible now: \(message)"
        case .invalidArgument(let message): "invalid argument: \(message)"
        }
    }
}
