import Synchronization
import Platform
import Audio

/// An output double that keeps every rendered sample and logs each call; it can be told to
/// fail on start.
final class RecordingOutput: AudioOutputPort {
    /// What the output has seen.
    struct State {
        /// The configured format.
        var format: (sampleRate: Double, channels: Int, framesPerBuffer: Int)?
        /// Whether started.
        var running = false
        /// Every volume set, in order.
        var volumes: [Float] = []
        /// Every sample rendered, in order.
        var samples: [Float] = []
        /// Thrown by start when set.
        var startError: AudioError?
    }

    /// Where calls are logged.
    let log: AudioCallLog
    private let state = Locked(State())

    /// An unconfigured output logging to `log`.
    init(log: AudioCallLog = AudioCallLog()) {
        self.log = log
    }

    /// Changes the state, for example to make start fail.
    func update(_ change: (inout State) -> Void) { state.withLock { change(&$0) } }
    /// A copy of the state.
    var snapshot: State { state.withLock { $0 } }

    /// Logs and keeps the format.
    func configure(sampleRate: Double, channels: Int, framesPerBuffer: Int) throws(AudioError) {
        log.record("configure \(Int(sampleRate)) \(channels) \(framesPerBuffer)")
        state.withLock { $0.format = (sampleRate, channels, framesPerBuffer) }
    }

    /// Logs, then fails with the configured error or starts.
    func start() throws(AudioError) {
        log.record("start")
        try state.withLock { state throws(AudioError) in
            if let error = state.startError { throw error }
            state.running = true
        }
    }

    /// Logs and stops.
    func stop() {
        log.record("stop")
        state.withLock { $0.running = false }
    }

    /// Logs.
    func flush() { log.record("flush") }

    /// Keeps the volume.
    func setVolume(_ volume: Float) {
        state.withLock { $0.volumes.append(volume) }
    }

    /// Keeps the samples; fails when not started.
    func render(_ samples: [Float], frameCount: Int) throws(AudioError) -> Int {
        try state.withLock { state throws(AudioError) -> Int in
            guard state.running else { throw .invalidState("not started") }
            let channels = state.format?.channels ?? 1
            state.samples.append(contentsOf: samples[..<(frameCount * channels)])
            return frameCount
        }
    }
}
