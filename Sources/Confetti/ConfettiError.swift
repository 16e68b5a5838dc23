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
    /// The code of the world's error this one carries (`stale_entity`, `capacity`, …); nil
    /// when the confetti library itself refused.
    public let worldCode: ECSError.Code?

    /// An error with `code` and `message`.
    public init(_ code: Code, _ message: String) {
        self.code = code
        self.message = message
        worldCode = nil
    }

    /// The world's `error` as a confetti error, keeping its code and message:
    /// `invalidArgument` stays `invalidArgument`, every other code is ``Code/world`` with
    /// ``worldCode`` naming it.
    public init(_ error: ECSError) {
        code = error.code == .invalidArgument ? .invalidArgument : .world
        message = error.message
        worldCode = error.code
    }

    /// `[code] message`, or `[world: <the world's code>] message` for an error of the world.
    public var description: String {
        guard let worldCode, code == .world else { return "[\(code.rawValue)] \(message)" }
        return "[\(code.rawValue): \(worldCode)] \(message)"
    }

    /// What `body` returns, its ``ECSError`` turned into a confetti error.
    static func world<T>(_ body: () throws(ECSError) -> T) throws(ConfettiError) -> T {
        do {
            return try body()
        } catch {
            throw ConfettiError(error)
        }
    }
}
