import Foundation
import Audio

/// A path the playlist was asked for that gave no track, and why.
struct UnplayableFile: Equatable {
    /// The file or folder.
    let url: URL
    /// Why it cannot be played.
    let error: AudioError

    /// The name the screen shows: the file or folder name.
    var name: String { url.lastPathComponent }
}
