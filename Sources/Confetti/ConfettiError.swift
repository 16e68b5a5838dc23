/// The one error type of the confetti library: a stable code and a readable message.
public struct ConfettiError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Stable codes; their raw values never change.
    public enum Code: String, Sendable, CaseIterable {
        /// A configuration, canvas, time, count or row the library cannot use.
        case invalidArgument = "invalid_argument"
        /// The world holding the particles refused (a spawn beyond its capacity, a structural
        /// change inside a query loop or a non-exclusive system); the message carries its error.
        case world = "world"
    }

    /// What failed.
    public let code: Code
    /// One line saying what and why.
    public let message: String

    /// An error with `code` and `message`.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
    }

    /// The world's `error` as a confetti error (`invalidArgument` stays `invalidArgument`).
    public init(_ error: ECSError) {
        self.init(error.code == .invalidArgument ? .invalidArgument : .world, error.message)
    }

    /// `[code] message`.
    public var description: String { "[\(code.rawValue)] \(message)" }

    /// What `body` returns, its ``ECSError`` turned into a confetti error.
    static func world<T>(_ body: () throws(ECSError) -> T) throws(ConfettiError) -> T {
        do {
            return try body()
        } catch {
            throw ConfettiError(error)
        }
    }
}
