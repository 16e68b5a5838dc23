import Foundation
import Audio

/// Where the player's audio goes: the factory's default output, a named device, or a file.
enum OutputChoice: Equatable {
    /// ``CoreFactory``'s default output.
    case factoryDefault
    /// The audio device called `name` (`--device NAME`).
    case device(String)
    /// One file for the whole session (`--output KIND:PATH`).
    case file(path: String, format: AudioFileFormat)

    /// The short names of `--output` beside the ``AudioFileFormat`` names: `wav` is 16-bit WAV,
    /// `aiff` 16-bit AIFF, `flac` 16-bit FLAC.
    static let shortFormats: [String: AudioFileFormat] = ["wav": .wav16, "aiff": .aiff16, "flac": .flac16]

    /// The file of an `--output` value `KIND:PATH`, where `KIND` is a short name or an
    /// ``AudioFileFormat`` name.
    ///
    /// - Throws: ``AudioError/invalidArgument(_:)`` without a kind or a path, or for an unknown
    ///   kind.
    static func file(parsing value: String) throws(AudioError) -> OutputChoice {
        guard let colon = value.firstIndex(of: ":"), colon != value.startIndex, value.index(after: colon) != value.endIndex else {
            throw .invalidArgument("--output \(value): expected KIND:PATH, for example wav:session.wav")
        }
        let kind = String(value[..<colon])
        let path = String(value[value.index(after: colon)...])
        guard let format = shortFormats[kind] ?? AudioFileFormat(rawValue: kind) else {
            let kinds = (shortFormats.keys.sorted() + AudioFileFormat.allCases.map(\.rawValue)).joined(separator: ", ")
            throw .invalidArgument("--output \(value): unknown kind \(kind) (one of \(kinds))")
        }
        return .file(path: path, format: format)
    }

    /// The output's name on the screen (a file by its name, without its folder).
    var label: String {
        switch self {
        case .factoryDefault: "device default"
        case .device(let name): "device \(name)"
        case .file(let path, let format): "\(format.rawValue) file \(URL(fileURLWithPath: path).lastPathComponent)"
        }
    }

    /// The factory whose playback service plays into this output, and the file output to
    /// finish at the end of the session, if any. A device that does not open falls back to
    /// silence and tells `notice` why, once.
    ///
    /// - Throws: ``AudioError/invalidArgument(_:)`` when the file's path is a folder,
    ///   ``AudioError/notFound(_:)`` or ``AudioError/ioError(_:underlying:)`` when its folder is
    ///   missing or not writable.
    func makeFactory(notice: DeviceNotice) throws(AudioError) -> (CoreFactory, SessionFileOutput?) {
        switch self {
        case .factoryDefault:
            return (CoreFactory(output: { CoreFactory.deviceOutput(notice: notice.record) }), nil)
        case .device(let name):
            return (CoreFactory(output: { CoreFactory.deviceOutput(device: name, notice: notice.record) }), nil)
        case .file(let path, let format):
            let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
            var isFolder: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
                throw .invalidArgument("--output \(path) is a folder; name a file in it")
            }
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
                throw .notFound("--output \(path): no folder \(folder)")
            }
            guard FileManager.default.isWritableFile(atPath: folder) else {
                throw .ioError("--output \(path): the folder \(folder) is not writable", underlying: POSIXError(.EACCES))
            }
            let output = SessionFileOutput(path: path, format: format)
            return (CoreFactory(output: { output }), output)
        }
    }
}
