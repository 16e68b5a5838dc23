import Platform

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

extension RenderError {
    /// A file read or write of an image that failed, as a render error: a missing file is
    /// ``RenderErrorCode/resourceNotFound``, one that cannot be read
    /// ``RenderErrorCode/resourceUnreadable``, one that cannot be written
    /// ``RenderErrorCode/resourceUnwritable``; the detail is the file error's message.
    public init(_ file: FileError) {
        switch file.code {
        case .notFound: self.init(.resourceNotFound, file.message)
        case .unreadable: self.init(.resourceUnreadable, file.message)
        case .unwritable: self.init(.resourceUnwritable, file.message)
        }
    }
}
