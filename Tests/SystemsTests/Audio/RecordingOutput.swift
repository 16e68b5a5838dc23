import Synchronization
import Systems

/// An output double that keeps every rendered sample and logs each call; it can be told to
/// fail on start.
final class RecordingOutput: AudioOutputPort {
    struct State {
        var format: (sampleRate: Double, channels: Int, framesPerBuffer: Int)?
        var running = false
        var volumes: [Float] = []
        var samples: [Float] = []
        var startError: CoreError?
    }

    let log: AudioCallLog
    private let state = Mutex(State())

    init(log: AudioCallLog = AudioCallLog()) {
        self.log = log
    }

    func update(_ change: (inout State) -> Void) { state.withLock { change(&$0) } }
    var snapshot: State { state.withLock { $0 } }

    func configure(sampleRate: Double, channels: Int, framesPerBuffer: Int) throws(CoreError) {
        log.record("configure \(Int(sampleRate)) \(channels) \(framesPerBuffer)")
        state.withLock { $0.format = (sampleRate, channels, framesPerBuffer) }
    }

    func start() throws(CoreError) {
        log.record("start")
        try state.withLock { state throws(CoreError) in
            if let error = state.startError { throw error }
            state.running = true
        }
    }

    func stop() {
        log.record("stop")
        state.withLock { $0.running = false }
    }

    func flush() { log.record("flush") }

    func setVolume(_ volume: Float) {
        state.withLock { $0.volumes.append(volume) }
    }

    func render(_ samples: [Float], frameCount: Int) throws(CoreError) -> Int {
        try state.withLock { state throws(CoreError) -> Int in
            guard state.running else { throw .invalidState("not started") }
            let channels = state.format?.channels ?? 1
            state.samples.append(contentsOf: samples[..<(frameCount * channels)])
            return frameCount
        }
    }
}
