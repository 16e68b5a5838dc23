import ArgumentParser
import Foundation
import Audio
import TerminalUI

/// `harmonia`: plays audio files and folders in a terminal, or, with `--print`, lists them with
/// their tags as JSON.
@main
struct HarmoniaCommand: ParsableCommand {
    /// Name, summary and help text.
    static let configuration = CommandConfiguration(
        commandName: "harmonia",
        abstract: "Play audio files and folders in a terminal.",
        discussion: """
            Folders are searched recursively for audio files (mp3, aac, m4a, wav, aiff, alac, \
            ogg, opus; flac, dsf, dff with Pro), sorted by path; those that cannot be played are \
            listed with the reason. Keys: space play/pause, n/p next/previous, \
            left/right seek 5 s, +/- volume, r repeat mode, s sort key, d or Delete remove the \
            highlighted track, up/down or j/k move the highlight, Enter play it, q quit.
            """
    )

    /// The files and folders to play.
    @Argument(help: "Audio files, or folders to search for them.")
    var paths: [String] = []

    /// Print the playlist as JSON and exit instead of playing.
    @Flag(help: "Print the playlist with its tags, and the files that cannot be played, as JSON on stdout and exit.")
    var print = false

    /// Where the audio goes instead of the default output.
    @Option(help: "Write what plays to one file instead of the default output: wav:PATH, aiff:PATH, flac:PATH or FORMAT:PATH.")
    var output: String?

    /// An audio device by name.
    @Option(help: "Play on the ALSA device NAME instead of 'default' (hw:0,0, plughw:1, file:FILE=out.raw,FORMAT=raw).")
    var device: String?

    /// The repeat mode at start.
    @Option(name: .customLong("repeat"), help: "Repeat mode at start: off, all or one.")
    var repeatMode: RepeatMode = .off

    /// The volume at start.
    @Option(help: "Volume at start, in percent (0...100).")
    var volume: Int = 100

    /// Which of each file's ReplayGain values apply.
    @Option(name: .customLong("replay-gain"), help: "ReplayGain from the files' tags: track (each track at the same loudness), album or off.")
    var replayGain: ReplayGainMode = .track

    /// Rejects what cannot work before anything is read.
    func validate() throws {
        guard !paths.isEmpty else { throw ValidationError("give one or more audio files or folders to play") }
        guard (0...100).contains(volume) else { throw ValidationError("--volume \(volume) is outside 0...100") }
        if output != nil, device != nil { throw ValidationError("--output and --device name two outputs; give one") }
        if device?.isEmpty == true { throw ValidationError("--device needs a device name, such as default or hw:0,0") }
    }

    /// Prints or plays; returns the exit status.
    @MainActor
    func run() async throws -> Int32 {
        let choice = try outputChoice()
        let policy = CoreFactory().formatPolicy(isProUser: ProEntitlements().isProUser)
        let candidates = LibraryScan.candidates(for: paths, extensions: FormatPolicy.audioExtensions)
        if print {
            try await printPlaylist(candidates, policy: policy)
            return 0
        }
        let notice = DeviceNotice()
        let (factory, fileOutput) = try Self.lineOnError { () throws(AudioError) in try choice.makeFactory(notice: notice) }
        guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
            throw ValidationError("harmonia plays in a terminal; use --print to list the playlist from a script")
        }
        let player = await AudioPlayer(factory: factory, entitlements: ProEntitlements())
        let unplayable = await LibraryScan.read(candidates) { url in
            let count = player.playlist.tracks.count
            await player.load(urls: [url])
            return player.playlist.tracks.count > count ? nil : await Self.explain(url, player: player, policy: policy, factory: factory)
        }
        guard !player.playlist.isEmpty else { throw Self.nothingPlayable(unplayable) }
        player.setRepeatMode(repeatMode)
        await player.setReplayGainMode(replayGain)
        await player.setVolume(Float(volume) / 100)
        let session = PlayerSession(player: player, unplayable: unplayable, outputLabel: choice.label, fileOutput: fileOutput, deviceNotice: notice)
        return try await session.run()
    }

    /// `--print`: the tracks and the failures as JSON.
    @MainActor
    private func printPlaylist(_ candidates: [LibraryCandidate], policy: FormatPolicy) async throws {
        let reader = CoreFactory().makeTagReaderService()
        var tracks: [Track] = []
        let unplayable = await LibraryScan.read(candidates) { url in
            switch await LibraryScan.track(at: url, policy: policy, tagReader: reader) {
            case .success(let track):
                tracks.append(track)
                return nil
            case .failure(let error):
                return UnplayableFile(url: url, error: error)
            }
        }
        guard !tracks.isEmpty else { throw Self.nothingPlayable(unplayable) }
        let tagReader = FallbackTagReader()
        let tagged = tracks.map { (track: $0, tags: try? tagReader.read(url: $0.url)) }
        let decoder = RoutingDecoder()
        let streams = Dictionary(tracks.map { ($0.url.path, PlaylistDocument.stream(of: $0.url, decoder: decoder)) }) { first, _ in first }
            .compactMapValues { $0 }
        FileHandle.standardOutput.write(try PlaylistDocument(tracks: tagged, unplayable: unplayable, streams: streams).json())
    }

    /// The output the options name.
    private func outputChoice() throws -> OutputChoice {
        if let device { return .device(device) }
        if let output { return try Self.lineOnError { () throws(AudioError) in try OutputChoice.file(parsing: output) } }
        return .factoryDefault
    }

    /// Why the player did not take the file at `url`: the reader's error, read again, or the
    /// player's when the file reads now.
    @MainActor
    private static func explain(_ url: URL, player: AudioPlayer, policy: FormatPolicy, factory: CoreFactory) async -> UnplayableFile {
        if case .failure(let error) = await LibraryScan.track(at: url, policy: policy, tagReader: factory.makeTagReaderService()) {
            return UnplayableFile(url: url, error: error)
        }
        return UnplayableFile(url: url, error: .decodeError("\(url.lastPathComponent): \(player.lastError?.description ?? "it could not be loaded")"))
    }

    /// The error of a command line that names no playable file: the count and the first reason.
    private static func nothingPlayable(_ unplayable: [UnplayableFile]) -> ValidationError {
        guard let first = unplayable.first else { return ValidationError("no playable file") }
        let others = unplayable.count > 1 ? " (and \(unplayable.count - 1) more)" : ""
        return ValidationError("no playable file: \(PlayerScreen.reason(first))\(others)")
    }

    /// `body`'s value, or its error as a one-line ``ValidationError``.
    private static func lineOnError<Value>(_ body: () throws(AudioError) -> Value) throws -> Value {
        do {
            return try body()
        } catch {
            throw ValidationError(error.message)
        }
    }

    /// Parses and runs; a bad option or a failure is one line on stderr and status 1.
    static func main() async {
        await CommandLineRunner.run(HarmoniaCommand.self) { command in try await command.run() }
    }
}

extension RepeatMode: ExpressibleByArgument {}
extension ReplayGainMode: ExpressibleByArgument {}
