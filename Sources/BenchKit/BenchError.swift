import Platform

/// Every failure `bench` reports; each prints as one line and exits with code 1.
package enum BenchError: Error, Equatable, CustomStringConvertible {
    /// An option value is out of range or malformed.
    case invalidArgument(String)
    /// A scenario name that is not registered.
    case unknownScenario(String, known: [String])
    /// A results file that cannot be read or is not a `bench` result.
    case unreadableResult(path: String, reason: String)
    /// An output file or directory that cannot be written.
    case unwritableOutput(path: String, reason: String)
    /// A file that could not be written whole, with the file and the system's reason.
    case file(FileError)
    /// A thresholds file that cannot be read or does not match this run.
    case thresholds(path: String, reason: String)
    /// An external tool (valgrind, swift) that failed or produced no usable output.
    case toolFailed(tool: String, reason: String)

    /// The one-line message.
    package var description: String {
        switch self {
        case .invalidArgument(let message):
            return message
        case .unknownScenario(let name, let known):
            return "unknown scenario '\(name)' (known: \(known.joined(separator: ", ")))"
        case .unreadableResult(let path, let reason):
            return "\(path): \(reason)"
        case .unwritableOutput(let path, let reason):
            return "cannot write \(path): \(reason)"
        case .file(let error):
            return error.message
        case .thresholds(let path, let reason):
            return "\(path): \(reason)"
        case .toolFailed(let tool, let reason):
            return "\(tool) failed: \(reason)"
        }
    }
}
