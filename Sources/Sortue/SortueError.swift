/// A failure of `sortue` itself, printed as one line.
struct SortueError: Error, CustomStringConvertible {
    /// The line.
    let description: String

    /// An error saying `description`.
    init(_ description: String) {
        self.description = description
    }
}
