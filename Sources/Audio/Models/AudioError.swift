import ECS

/// A failure of the audio library: decoding, output, playback state, arguments, or the world
/// that holds the voices.
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
    /// The world holding the voices refused (a structural change inside a query loop or a
    /// non-exclusive system, a missing resource, a full world): its error, code and message.
    case world(ECSError)

    /// The message without the case name.
    public var message: String {
        switch self {
        case .invalidArgument(let message), .invalidState(let message), .notFound(let message),
             .ioError(let message, _), .decodeError(let message), .unsupported(let message):
            message
        case .world(let error): error.message
        }
    }

    /// The case name, for example `notFound`: stable, for logs and saved documents.
    public var caseName: String {
        switch self {
        case .invalidArgument: "invalidArgument"
        case .invalidState: "invalidState"
        case .notFound: "notFound"
        case .ioError: "ioError"
        case .decodeError: "decodeError"
        case .unsupported: "unsupported"
        case .world: "world"
        }
    }

    /// The case name followed by the message, for example `notFound: no file at /a.wav`; an
    /// I/O error adds its underlying error, a world error the world's code.
    public var description: String {
        switch self {
        case .ioError(_, let underlying): "ioError: \(message) (\(underlying))"
        case .world(let error): "world: \(error)"
        default: "\(caseName): \(message)"
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
        case (.world(let a), .world(let b)):
            a == b
        default:
            false
        }
    }
}
