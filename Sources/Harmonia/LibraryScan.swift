import Foundation
import Audio

/// What the command line's paths name: each file as given, and the audio files of each folder.
enum LibraryScan {
    /// The candidates of `arguments`, in order. A file is taken whatever its extension (the
    /// format rule judges it when it is read); a folder gives its audio files (the extensions in
    /// `extensions`, any case), recursively, hidden files and folders left out, sorted by path
    /// with numbers in names compared as numbers (`2 b.flac` before `10 a.flac`). A missing
    /// path, a folder without audio files and a folder that cannot be read are unplayable.
    static func candidates(for arguments: [String], extensions: Set<String>) -> [LibraryCandidate] {
        arguments.flatMap { argument -> [LibraryCandidate] in
            let url = URL(fileURLWithPath: argument).standardizedFileURL
            var isFolder: ObjCBool = false
            guard !argument.isEmpty, FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
                return [.unplayable(UnplayableFile(url: url, error: .notFound("no file or folder at \(argument)")))]
            }
            return isFolder.boolValue ? folder(url, extensions: extensions) : [.file(url)]
        }
    }

    /// The audio files below `folder`, sorted, then the folders that could not be read.
    private static func folder(_ folder: URL, extensions: Set<String>) -> [LibraryCandidate] {
        var failures: [LibraryCandidate] = []
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil, options: [.skipsHiddenFiles]) { url, error in
            failures.append(.unplayable(UnplayableFile(url: url, error: .ioError("\(url.path) cannot be read: \(error.localizedDescription)", underlying: error))))
            return true
        }
        var files: [URL] = []
        while let url = enumerator?.nextObject() as? URL {
            guard extensions.contains(url.pathExtension.lowercased()) else { continue }
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), !isFolder.boolValue {
                files.append(url.standardizedFileURL)
            }
        }
        files.sort { lhs, rhs in
            let order = lhs.path.compare(rhs.path, options: [.numeric, .caseInsensitive])
            return order == .orderedSame ? lhs.path < rhs.path : order == .orderedAscending
        }
        if files.isEmpty, failures.isEmpty {
            return [.unplayable(UnplayableFile(url: folder, error: .notFound("no audio files in \(folder.path)")))]
        }
        return files.map { .file($0) } + failures
    }

    /// Reads the files among `candidates` with `read`, which returns why a file gave no track
    /// (`nil` when it gave one); the paths that gave no track, in order.
    @MainActor
    static func read(_ candidates: [LibraryCandidate], with read: (URL) async -> UnplayableFile?) async -> [UnplayableFile] {
        var unplayable: [UnplayableFile] = []
        for candidate in candidates {
            switch candidate {
            case .unplayable(let file):
                unplayable.append(file)
            case .file(let url):
                if let file = await read(url) { unplayable.append(file) }
            }
        }
        return unplayable
    }

    /// The track the player would make of the file at `url`: the format rule of `policy`, then
    /// its tags through `tagReader`.
    static func track(at url: URL, policy: FormatPolicy, tagReader: any TagReaderService) async -> Result<Track, AudioError> {
        do throws(AudioError) {
            try policy.check(url)
            return .success(try await tagReader.readMetadata(for: url))
        } catch {
            return .failure(error)
        }
    }
}
