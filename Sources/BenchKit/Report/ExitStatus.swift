import ArgumentParser

/// The process exit codes of `bench`.
enum ExitStatus: Int32, Sendable {
    /// Every scenario passed (or was not judged), no regression.
    case success = 0
    /// Bad arguments, unreadable input, unwritable output or another failure.
    case error = 1
    /// A budget miss, a failed gate or a regression.
    case failure = 2

    /// The exit status for a run or gate verdict.
    init(_ verdict: Verdict) {
        self = verdict == .fail ? .failure : .success
    }

    /// Throws `ExitCode` with this status unless it is `success`.
    func exitIfFailed() throws {
        if self != .success {
            throw ExitCode(rawValue)
        }
    }
}
