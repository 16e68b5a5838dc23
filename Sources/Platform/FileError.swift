/// Why a whole-file read or an atomic write of ``FileAccess`` failed: a stable code and a
/// readable message naming the file. Each system turns it into its own error (a PNG file's into
/// `RenderError`, a tile save's into `TileSaveError`).
public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Stable codes; their raw values never change.
    public enum Code: String, Sendable, CaseIterable {
        /// Nothing exists at the path (or a component of it is not a directory).
        case notFound = "not_found"
        /// It is not a regular file, or it cannot be read.
        case unreadable = "unreadable"
        /// It cannot be written: a missing directory, a directory in the way, no permission, a
        /// full disk.
        case unwritable = "unwritable"
    }

    /// What failed.
    public let code: Code
    /// One line naming the file and the cause.
    public let message: String

    /// An error with `code` and `message`.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// `[code] message`.
    public var description: String { "[\(code.rawValue)] \(message)" }
}
