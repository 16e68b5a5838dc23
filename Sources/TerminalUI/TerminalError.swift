/// A failure of the terminal itself (its settings cannot be read or changed), as one line.
public struct TerminalError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The line.
    public let description: String

    /// An error saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}
