import Platform
import Audio

/// `--output KIND:PATH`: everything the player plays in one session goes into one audio file,
/// written through the Audio library's ``AudioFileSink``.
///
/// The playback service stops and restarts its output at every pause, seek, track change and
/// end of track; a sink would finish a new file each time. This output keeps the one file open
/// from the first start to ``finish()``: a pause writes nothing, a seek or a new track goes on
/// where the file is. The file has the sample rate and channels of the first track; a later
/// track with others cannot be written into it and fails to load (the screen shows why).
final class SessionFileOutput: AudioOutputPort {
    /// What the session has set up.
    private struct State {
        var format: AudioOutputFormat?
        var started = false
        var finished = false
    }

    /// The file sink that writes.
    let sink: AudioFileSink
    private let state = Locked(State())

    /// An output into `path` in `format`, written when ``finish()`` runs.
    init(path: String, format: AudioFileFormat) {
        sink = AudioFileSink(path: path, format: format)
    }

    /// Takes the first track's format; later tracks must have the same rate and channel count.
    ///
    /// - Throws: ``AudioError/unsupported(_:)`` for another rate or channel count than the
    ///   file's, the sink's errors for a format it cannot hold.
    func configure(sampleRate: Double, channels: Int, framesPerBuffer: Int) throws(AudioError) {
        let format = try AudioOutputFormat(sampleRate: sampleRate, channels: channels, framesPerBuffer: framesPerBuffer)
        try state.withLock { state throws(AudioError) in
            if let file = state.format {
                guard file.sampleRate == sampleRate, file.channels == channels else {
                    throw .unsupported("\(sink.path) holds \(file.channels) channels at \(Self.hertz(file.sampleRate)) Hz, not \(channels) at \(Self.hertz(sampleRate)) Hz")
                }
                return
            }
            try sink.configure(sampleRate: sampleRate, channels: channels, framesPerBuffer: framesPerBuffer)
            state.format = format
        }
    }

    /// Opens the file the first time; later starts go on writing into it.
    ///
    /// - Throws: ``AudioError/invalidState(_:)`` after ``finish()``, the sink's start errors.
    func start() throws(AudioError) {
        try state.withLock { state throws(AudioError) in
            guard !state.finished else { throw .invalidState("\(sink.path) is already finished") }
            guard !state.started else { return }
            try sink.start()
            state.started = true
        }
    }

    /// Keeps the file open: the next start writes on.
    func stop() {}

    /// Written audio cannot be taken back; does nothing.
    func flush() {
        sink.flush()
    }

    /// Sets the sink's gain for later buffers.
    func setVolume(_ volume: Float) {
        sink.setVolume(volume)
    }

    /// Writes the frames through the sink.
    func render(_ samples: [Float], frameCount: Int) throws(AudioError) -> Int {
        try sink.render(samples, frameCount: frameCount)
    }

    /// Finishes the file (renamed into place over the destination); nothing is written when
    /// nothing played. Later calls do nothing.
    ///
    /// - Throws: the sink's ``AudioFileSink/finishError``.
    func finish() throws(AudioError) {
        let started = state.withLock { state in
            defer { state.finished = true }
            return state.started && !state.finished
        }
        guard started else { return }
        sink.stop()
        if let error = sink.finishError { throw error }
    }

    /// A rate in whole hertz for a message (rates are checked finite and positive).
    private static func hertz(_ rate: Double) -> Int {
        Int(min(rate, 1e9).rounded())
    }
}
