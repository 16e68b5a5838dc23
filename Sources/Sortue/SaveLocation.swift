import Foundation

/// Where `sortue` keeps its saves by default.
enum SaveLocation {
    /// `$XDG_DATA_HOME/sortue` when set (and absolute, as the XDG specification requires),
    /// otherwise `$HOME/.local/share/sortue`.
    static func defaultDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> String {
        if let data = environment["XDG_DATA_HOME"], data.hasPrefix("/") { return data + "/sortue" }
        guard let home = environment["HOME"], !home.isEmpty else {
            throw SortueError("no save directory: set HOME or XDG_DATA_HOME, or pass --save-dir")
        }
        return home + "/.local/share/sortue"
    }
}
