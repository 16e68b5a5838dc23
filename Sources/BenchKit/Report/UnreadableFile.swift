import Foundation

/// Why a file that could not be read was unreadable, in one phrase for an error line.
enum UnreadableFile {
    /// The reason for a path where nothing exists.
    static let missing = "no such file"

    /// `no such file`, `is a directory, not a file`, or the system's text for the error
    /// opening `path` gives (for example `Permission denied`); `cannot read file` when it
    /// opens now.
    static func reason(_ path: String) -> String {
        var status = stat()
        guard stat(path, &status) == 0 else {
            return errno == ENOENT ? missing : String(cString: strerror(errno))
        }
        if status.st_mode & S_IFMT == S_IFDIR {
            return "is a directory, not a file"
        }
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else {
            return String(cString: strerror(errno))
        }
        close(descriptor)
        return "cannot read file"
    }
}
