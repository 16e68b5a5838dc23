/// A rejected input to the confetti system, with a stable code and a readable message.
public struct ConfettiError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Stable machine-readable code, for example `invalidArgument`.
    public let code: String
    /// Human-readable explanation naming the offending value.
    public let message: String

    /// An argument or configuration value outside what the simulation can run.
    public static func invalidArgument(_ message: String) -> ConfettiError {
        ConfettiError(code: "invalidArgument", message: message)
    }

    /// `"[code] message"`.
    public var description: String { "[\(code)] \(message)" }
}
