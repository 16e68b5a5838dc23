import Foundation

/// One entry of what the command line names, in order: a file to read, or a path that gives
/// no file.
enum LibraryCandidate: Equatable {
    /// A file to read as a track.
    case file(URL)
    /// A path that gives no file, and why.
    case unplayable(UnplayableFile)
}
