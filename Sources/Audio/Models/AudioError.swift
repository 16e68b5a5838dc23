/// A failure of the audio library: decoding, output, playback state or
/// arguments.
///
/// Two errors are equal when their cases and messages are equal; the underlying error of
/// ``ioError(_:underlying:)`` is ignored.
public enum AudioError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An argument is outside its valid range (a seek past the end, a NaN volume, a bad buffer).
    case invalidArgument(String)
    /// The operation is not allowed in the current state (play with no track, seek when stopped).
    case invalidState(String)
    /// Nothing exists at the given location.
    case notFound(String)
    /// The operating system failed to read or write; `underlying` is its error.
    case ioError(String, underlying: any Error)
    /// The data is damaged or cannot be decoded (truncated, malformed, impossible header).
    case decodeError(String)
    /// The format, codec or feature is not supported.
    case unsupported(String)

    /// The message without the case name.
    public var message: String {
        switch self {
        case .invalidArgument(let message), .invalidState(let message), .notFound(let message),
             .ioError(let message, _), .decodeError(let message), .unsupported(let message):
            message
        }
    }

    /// The case name followed by the message, for example `notFound: no file at /a.wav`.
    public var description: String {
        switch self {
        case .invalidArgument: "invalidArgument: \(message)"
        case .invalidState: "invalidState: \(message)"
        case .notFound: "notFound: \(message)"
        case .ioError(_, let underlying): "ioError: \(message) (\(underlying))"
        case .decodeError: "decodeError: \(message)"
        case .unsupported: "unsupported: \(message)"
        }
    }

    /// Equal when the cases and messages are equal; an ``ioError(_:underlying:)``'s underlying
    /// error is not compared.
    public static func == (lhs: AudioError, rhs: AudioError) -> Bool {
        switch (lhs, rhs) {
        case (.invalidArgument(let a), .invalidArgument(let b)), (.invalidState(let a), .invalidState(let b)),
             (.notFound(let a), .notFound(let b)), (.ioError(let a, _), .ioError(let b, _)),
             (.decodeError(let a), .decodeError(let b)), (.unsupported(let a), .unsupported(let b)):
            a == b
        default:
            false
        }
    }
}
