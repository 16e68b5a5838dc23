/// A rendering, image or snapshot failure: a stable ``RenderErrorCode`` plus a detail message
/// that says what exactly went wrong.
public struct RenderError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The stable code of the failure.
    public var code: RenderErrorCode
    /// A specific explanation, for example which argument was out of range.
    public var detail: String

    /// Creates an error with a code and a detail message.
    public init(_ code: RenderErrorCode, _ detail: String) {
        self.code = code
        self.detail = detail
    }

    /// The code's fixed message followed by the detail.
    public var message: String {
        detail.isEmpty ? code.message : "\(code.message): \(detail)"
    }

    /// The code's name and number followed by ``message``.
    public var description: String {
        "\(code.name) (\(code.rawValue)): \(message)"
    }
}
