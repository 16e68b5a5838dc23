import Foundation
import Observation
import Audio
import TerminalUI

/// The interactive player: the screen in the terminal, keys to the ``AudioPlayer``, the
/// position polled every ``AudioPlayer/pollInterval``, a redraw on every change (only when the
/// frame differs, in one write) and on resize; the terminal left as it was found on `q`,
/// Ctrl-C, SIGTERM and SIGHUP, and while stopped by Ctrl-Z.
@MainActor
final class PlayerSession {
    /// The player, with its playlist loaded.
    let player: AudioPlayer
    /// The paths that gave no track.
    let unplayable: [UnplayableFile]
    /// Where the audio goes, as the screen names it.
    let outputLabel: String
    /// The file output to finish when the session ends, if any.
    let fileOutput: SessionFileOutput?
    /// Why the sound device did not open, once it failed.
    let deviceNotice: DeviceNotice
    /// The track under the highlight.
    private var highlight: Track.ID?
    /// The last message.
    private var message: PlayerScreenState.Message?
    /// The frame on the screen.
    private var shown = ""

    /// A session over `player`.
    init(player: AudioPlayer, unplayable: [UnplayableFile], outputLabel: String, fileOutput: SessionFileOutput?, deviceNotice: DeviceNotice) {
        self.player = player
        self.unplayable = unplayable
        self.outputLabel = outputLabel
        self.fileOutput = fileOutput
        self.deviceNotice = deviceNotice
        highlight = player.playlist.tracks.first?.id
    }

    /// Plays the playlist from its first track until `q` or a quit signal; returns the exit
    /// status: 0 after `q`, 128 + the signal after one, 1 when the file output could not be
    /// finished (said on standard error once the terminal is back).
    ///
    /// - Throws: ``TerminalError`` when the terminal cannot be put in raw mode.
    func run() async throws(TerminalError) -> Int32 {
        let (events, continuation) = AsyncStream<SessionEvent>.makeStream()
        let terminal = try RawTerminal(interrupts: .handledByCaller, suspendKey: true)
        let interrupts = InterruptCount()
        let signals = TerminalSignals([SIGWINCH, SIGINT, SIGTERM, SIGHUP]) { signal in
            switch signal {
            case SIGWINCH:
                continuation.yield(.resized)
            default:
                // A second quit signal means the loop did not get to quit: leave at once.
                guard interrupts.first() else { RawTerminal.restoreAndExit(status: 128 + signal) }
                continuation.yield(.interrupted(signal))
            }
        }
        let input = TerminalInput { keys in continuation.yield(.keys(keys)) }
        let ticker = Task {
            while !Task.isCancelled {
                try? await Task.sleep(for: AudioPlayer.pollInterval)
                continuation.yield(.tick)
            }
        }
        watchErrors(continuation)
        draw(terminal)
        await player.play()
        draw(terminal)
        var status: Int32 = 0
        events: for await event in events {
            switch event {
            case .tick:
                await player.pollPlayback()
            case .resized:
                shown = ""
            case .interrupted(let signal):
                status = 128 + signal
                break events
            case .errorReported:
                message = await errorMessage()
                watchErrors(continuation)
            case .keys(let keys):
                for key in keys {
                    guard let action = PlayerAction(key) else { continue }
                    if action == .quit { break events }
                    if action == .suspend {
                        await suspend(terminal)
                        continue
                    }
                    message = nil
                    await perform(action)
                }
            }
            draw(terminal)
        }
        ticker.cancel()
        input.stop()
        await player.stop()
        let finished = Result { () throws(AudioError) in try fileOutput?.finish() }
        terminal.restore()
        signals.cancel()
        if case .failure(let error) = finished {
            FileHandle.standardError.write(Data("error: the output was not finished: \(error.message)\n".utf8))
            return status == 0 ? 1 : status
        }
        return status
    }

    /// Ctrl-Z: pauses, gives the terminal back as it was found and stops the process until the
    /// shell continues it (`fg`); then the screen comes back, paused.
    private func suspend(_ terminal: RawTerminal) async {
        await player.pause()
        do {
            try terminal.stopProcess()
        } catch {
            message = PlayerScreenState.Message(text: error.description, isError: true)
        }
        shown = ""
    }

    /// Draws the screen when it differs from what is shown.
    private func draw(_ terminal: RawTerminal) {
        let notice = deviceNotice.message.map { PlayerScreenState.Message(text: $0, isError: true) }
        let state = PlayerScreenState(player: player, highlight: highlight, output: outputLabel, message: message ?? notice, unplayable: unplayable)
        let frame = PlayerScreen(state: state, size: TerminalSize.current()).frame
        guard frame != shown else { return }
        terminal.write(frame)
        shown = frame
    }

    /// The player's last error for the message line; when the player is in `error`, with the
    /// playback service's reason (the player's errors for files and outputs carry none).
    private func errorMessage() async -> PlayerScreenState.Message? {
        guard let error = player.lastError else { return nil }
        if case .error = player.playbackState, case .error(let reason) = await player.playbackService.state {
            return PlayerScreenState.Message(text: "\(error): \(reason.message)", isError: true)
        }
        return PlayerScreenState.Message(text: error.description, isError: true)
    }

    /// Sends ``SessionEvent/errorReported`` the next time the player records a failure.
    private func watchErrors(_ continuation: AsyncStream<SessionEvent>.Continuation) {
        withObservationTracking { _ = player.lastError } onChange: { continuation.yield(.errorReported) }
    }

    /// Does what one key asks.
    private func perform(_ action: PlayerAction) async {
        let tracks = player.playlist.tracks
        let row = highlight.flatMap { player.playlist.index(of: $0) }
        switch action {
        case .togglePlayback:
            if player.playbackState == .playing { await player.pause() } else { await player.play() }
        case .next:
            await player.next()
        case .previous:
            await player.previous()
        case .seek(let step):
            let target = await player.playbackService.currentTime() + step
            await player.seek(to: min(max(target, 0), player.duration))
        case .changeVolume(let step):
            // On the grid of steps, so that + then - comes back to the same volume.
            let steps = ((player.volume + step) / PlayerAction.volumeStep).rounded()
            await player.setVolume(steps * PlayerAction.volumeStep)
        case .cycleRepeat:
            player.cycleRepeatMode()
        case .cycleSort:
            let keys = PlaylistSortKey.allCases
            let next = keys[((keys.firstIndex(of: player.playlist.sortKey) ?? 0) + 1) % keys.count]
            player.sortPlaylist(by: next)
        case .removeHighlighted:
            guard let row else { return message = PlayerScreenState.Message(text: "Nothing to remove.", isError: false) }
            let track = tracks[row]
            do {
                try await player.removeTrack(track.id)
            } catch {
                return  // in `lastError`, shown by `errorReported`
            }
            let left = player.playlist.tracks
            highlight = left.isEmpty ? nil : left[min(row, left.count - 1)].id
            message = PlayerScreenState.Message(text: "Removed \(track.title).", isError: false)
        case .moveHighlight(let rows):
            guard !tracks.isEmpty else { return }
            highlight = tracks[min(max((row ?? 0) + rows, 0), tracks.count - 1)].id
        case .highlightEdge(let last):
            highlight = last ? tracks.last?.id : tracks.first?.id
        case .playHighlighted:
            guard let highlight else { return }
            await player.play(trackID: highlight)
        case .quit, .suspend:
            return  // the event loop's: they need the terminal
        }
    }
}
