import Foundation

/// The playback service: one track, decoded block by block into an output.
///
/// Transitions:
///
/// | op    | stopped      | paused          | playing        | error          |
/// |-------|--------------|-----------------|----------------|----------------|
/// | load  | → paused     | → paused        | → paused       | → paused       |
/// | play  | invalidState | → playing       | no-op          | invalidState   |
/// | pause | no-op        | no-op           | → paused       | no-op          |
/// | stop  | no-op        | → stopped       | → stopped      | → stopped      |
/// | seek  | invalidState | stays paused    | stays playing  | invalidState   |
///
/// `pause` from `error` is a silent no-op, not an `invalidState` error. `buffering` (draining
/// after the end of a track) behaves like `playing`. A failed `load` leaves the service in
/// `error`.
///
/// Rendering happens in ``tick()``: while playing it keeps two buffers (`framesPerBuffer` frames
/// each) ahead of ``currentTime()`` in the output. At the end of the track it enters `buffering`,
/// waits `framesPerBuffer / sampleRate × 2` on the clock for the output to drain, then stops, seeks
/// the decoder to 0 and reads 0. On an error it stops the output and enters `error`, without
/// sleeping: the pace of ``tick()`` already keeps it from looping busily. Give a `pumpInterval` to
/// have the service call ``tick()`` itself on real time while it exists; tests leave it `nil` and
/// call ``tick()`` after advancing a `ManualClock`.
public actor DefaultPlaybackService: PlaybackService {
    /// The current state.
    public private(set) var state: CorePlaybackState = .stopped
    /// The range set by ``setPlaybackRange(start:end:)``; cleared by ``load(url:)``.
    public private(set) var playbackRange: PlaybackRange?
    /// The gain last set with ``setVolume(_:)``, in [0, 1].
    public private(set) var volume: Float = 1

    private let decoder: any DecoderPort
    private let audio: any AudioOutputPort
    private let clock: any TimeSource
    private let logger: any LoggerPort
    private let pumpInterval: Duration?
    private var track: LoadedTrack?
    private var lastKnownPosition: Double = 0
    private var startTime: UInt64 = 0
    private var renderedUntil: Double = 0
    private var scratch: [Float] = []
    private var pending: [Float] = []
    private var drainDeadline: UInt64 = 0
    private var pump: Task<Void, Never>?

    /// Creates a stopped service over the given ports; with a `pumpInterval` it renders on its
    /// own every interval of real time.
    public init(
        decoder: any DecoderPort,
        audio: any AudioOutputPort,
        clock: any TimeSource,
        logger: any LoggerPort = NullLogger(),
        pumpInterval: Duration? = nil
    ) {
        self.decoder = decoder
        self.audio = audio
        self.clock = clock
        self.logger = logger
        self.pumpInterval = pumpInterval
    }

    deinit {
        pump?.cancel()
        if let track { decoder.close(track.handle) }
    }

    /// Frames per output buffer of the loaded track, or `nil`.
    public var framesPerBuffer: Int? { track?.framesPerBuffer }

    /// Opens `url`, configures the output (reapplying the volume) and pauses at 0, from any
    /// state; clears the playback range.
    ///
    /// - Throws: the decoder's open errors, ``AudioError/decodeError(_:)`` for stream
    ///   information that does not validate, and the output's configure errors; the service is
    ///   then in `error`.
    public func load(url: URL) throws(AudioError) {
        audio.stop()
        audio.flush()
        if let old = track { decoder.close(old.handle) }
        track = nil
        playbackRange = nil
        resetPosition(to: 0)
        do {
            let loaded = try openTrack(url)
            audio.setVolume(volume)
            track = loaded
            scratch = [Float](repeating: 0, count: loaded.framesPerBuffer * loaded.info.channels)
        } catch {
            state = .error(error)
            logger.error("load \(url.lastPathComponent) failed: \(error)")
            throw error
        }
        state = .paused
        logger.info("loaded \(url.lastPathComponent)")
    }

    /// Opens `url`, checks its stream information and configures the output for it; closes
    /// the handle again when a step fails.
    private func openTrack(_ url: URL) throws(AudioError) -> LoadedTrack {
        let handle = try decoder.open(url: url)
        do throws(AudioError) {
            let info = try decoder.info(handle)
            do {
                try info.validate()
            } catch {
                throw AudioError.decodeError("\(url.lastPathComponent): \(error.message)")
            }
            let frames = PlaybackBufferSize.framesPerBuffer(sampleRate: info.sampleRate)
            try audio.configure(sampleRate: info.sampleRate, channels: info.channels, framesPerBuffer: frames)
            return LoadedTrack(handle: handle, info: info, framesPerBuffer: frames)
        } catch {
            decoder.close(handle)
            throw error
        }
    }

    /// Starts playback from paused; a no-op while playing or draining.
    ///
    /// - Throws: ``AudioError/invalidState(_:)`` when stopped or in error; the output's start
    ///   errors, after which the service is in `error`.
    public func play() throws(AudioError) {
        switch state {
        case .playing, .buffering:
            return
        case .stopped:
            throw .invalidState("play needs a loaded, paused track; the service is stopped")
        case .error(let error):
            throw .invalidState("play is not allowed after an error (\(error)); load a track first")
        case .paused:
            do {
                try audio.start()
            } catch {
                fail(error)
                throw error
            }
            startTime = clock.nanoseconds
            state = .playing
            startPumpIfNeeded()
        }
    }

    /// Pauses playback at the current position; a no-op when stopped, paused or in error.
    public func pause() {
        guard state == .playing || state == .buffering, let track else { return }
        let position = currentTime()
        audio.stop()
        audio.flush()
        do {
            try decoder.seek(track.handle, toSeconds: position)
        } catch {
            fail(error)
            return
        }
        resetPosition(to: position)
        state = .paused
    }

    /// Stops playback and rewinds to 0; a no-op when stopped.
    public func stop() {
        guard state != .stopped else { return }
        audio.stop()
        audio.flush()
        if let track {
            do {
                try decoder.seek(track.handle, toSeconds: 0)
            } catch {
                logger.warn("rewinding on stop failed: \(error)")
            }
        }
        resetPosition(to: 0)
        state = .stopped
    }

    /// Moves to `seconds`: flushes the output, then seeks the decoder, and re-bases the clock
    /// when playing. A seek while draining after the end resumes playing.
    ///
    /// - Throws: ``AudioError/invalidState(_:)`` with no track, when stopped or in error;
    ///   ``AudioError/invalidArgument(_:)`` for a time outside 0…duration or not finite; the
    ///   decoder's seek errors, after which the service is in `error`.
    public func seek(to seconds: Double) throws(AudioError) {
        guard let track else { throw .invalidState("seek needs a loaded track") }
        switch state {
        case .stopped: throw .invalidState("seek is not allowed while stopped")
        case .error: throw .invalidState("seek is not allowed after an error; load a track first")
        case .paused, .playing, .buffering: break
        }
        guard seconds.isFinite, seconds >= 0, seconds <= track.info.duration else {
            throw .invalidArgument("seek time \(seconds) s is outside 0…\(track.info.duration) s")
        }
        audio.flush()
        do {
            try decoder.seek(track.handle, toSeconds: seconds)
        } catch {
            fail(error)
            throw error
        }
        resetPosition(to: seconds)
        if state != .paused {
            startTime = clock.nanoseconds
            state = .playing
        }
    }

    /// The position in seconds: while playing or draining
    /// `min(lastKnown + (now − start) / 1e9, duration)`, while paused the last known position,
    /// and 0 when stopped or in error.
    public func currentTime() -> Double {
        switch state {
        case .playing, .buffering:
            let elapsed = Double(clock.nanoseconds &- startTime) / 1e9
            return min(lastKnownPosition + elapsed, track?.info.duration ?? 0)
        case .paused:
            return lastKnownPosition
        case .stopped, .error:
            return 0
        }
    }

    /// The loaded track's duration in seconds, 0 with no track.
    public func duration() -> Double {
        track?.info.duration ?? 0
    }

    /// Sets the output gain, clamped to [0, 1]; NaN counts as 0. It is reapplied after each
    /// ``load(url:)``.
    public func setVolume(_ volume: Float) {
        self.volume = volume.isNaN ? 0 : min(max(volume, 0), 1)
        audio.setVolume(self.volume)
    }

    /// Plays only `start…end` of the loaded track: on reaching `end` the service pauses and
    /// jumps back to `start`. With `end` `nil` it plays to the end. ``load(url:)`` clears it.
    ///
    /// - Throws: ``AudioError/invalidState(_:)`` with no track; ``AudioError/invalidArgument(_:)``
    ///   unless `0 ≤ start < end ≤ duration` (or `0 ≤ start ≤ duration` without `end`).
    public func setPlaybackRange(start: Double, end: Double?) throws(AudioError) {
        guard let track else { throw .invalidState("a playback range needs a loaded track") }
        let duration = track.info.duration
        guard start.isFinite, start >= 0, start <= duration else {
            throw .invalidArgument("range start \(start) s is outside 0…\(duration) s")
        }
        if let end {
            guard end.isFinite, end > start, end <= duration else {
                throw .invalidArgument("range end \(end) s is not after the start \(start) s and within \(duration) s")
            }
        }
        playbackRange = PlaybackRange(start: start, end: end)
    }

    /// One step of rendering, at the clock's current time: while playing, decodes and hands the
    /// output buffers until two are ahead of the position, and handles the end of the track and
    /// of the playback range; while draining, stops once the drain time has passed.
    public func tick() {
        guard let track else { return }
        switch state {
        case .playing:
            renderAhead(track)
        case .buffering where clock.nanoseconds >= drainDeadline:
            audio.stop()
            do {
                try decoder.seek(track.handle, toSeconds: 0)
            } catch {
                fail(error)
                return
            }
            resetPosition(to: 0)
            state = .stopped
        default:
            return
        }
    }

    /// Renders until the output holds two buffers beyond the position.
    private func renderAhead(_ track: LoadedTrack) {
        let position = currentTime()
        if let range = playbackRange, let end = range.end, position >= end {
            reachRangeEnd(track, range: range)
            return
        }
        let channels = track.info.channels
        let target = position + 2 * track.bufferSeconds
        do {
            while renderedUntil < target {
                if !pending.isEmpty {
                    let frames = pending.count / channels
                    let accepted = try audio.render(pending, frameCount: frames)
                    pending.removeFirst(accepted * channels)
                    if accepted < frames { return }
                    continue
                }
                var wanted = track.framesPerBuffer
                if let end = playbackRange?.end {
                    wanted = min(wanted, Int(((end - renderedUntil) * track.info.sampleRate).rounded(.up)))
                    if wanted <= 0 { return }
                }
                let frames = try decoder.read(track.handle, into: &scratch, maxFrames: wanted)
                if frames == 0 {
                    state = .buffering
                    drainDeadline = clock.nanoseconds &+ UInt64(track.bufferSeconds * 2 * 1e9)
                    return
                }
                renderedUntil += Double(frames) / track.info.sampleRate
                let accepted = try audio.render(scratch, frameCount: frames)
                if accepted < frames {
                    pending = Array(scratch[(accepted * channels)..<(frames * channels)])
                    return
                }
            }
        } catch {
            fail(error)
        }
    }

    /// Pauses at the end of the playback range and jumps back to its start.
    private func reachRangeEnd(_ track: LoadedTrack, range: PlaybackRange) {
        audio.stop()
        audio.flush()
        do {
            try decoder.seek(track.handle, toSeconds: range.start)
        } catch {
            fail(error)
            return
        }
        resetPosition(to: range.start)
        state = .paused
    }

    /// Sets the position to `seconds` with nothing rendered beyond it.
    private func resetPosition(to seconds: Double) {
        lastKnownPosition = seconds
        renderedUntil = seconds
        pending.removeAll(keepingCapacity: true)
    }

    /// Stops the output and enters `error`.
    private func fail(_ error: AudioError) {
        audio.stop()
        state = .error(error)
        logger.error("playback failed: \(error)")
    }

    /// Starts the real-time pump once, when a `pumpInterval` was given.
    private func startPumpIfNeeded() {
        guard let interval = pumpInterval, pump == nil else { return }
        pump = Task { [weak self] in
            while !Task.isCancelled {
                guard let service = self else { return }
                await service.tick()
                try? await Task.sleep(for: interval)
            }
        }
    }
}
