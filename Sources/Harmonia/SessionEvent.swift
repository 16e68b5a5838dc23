import TerminalUI

/// What wakes the player's event loop.
enum SessionEvent: Sendable {
    /// Keys were typed.
    case keys([TerminalKey])
    /// The poll interval passed: refresh the position and detect the end of the track.
    case tick
    /// The terminal was resized.
    case resized
    /// SIGINT, SIGTERM or SIGHUP asked the program to quit.
    case interrupted(Int32)
    /// The player recorded a failure.
    case errorReported
}
