import ECS

/// The real-time mixer: voices are entities of ``world`` (``VoiceSource``, ``VoiceGain``,
/// ``VoicePan``, ``VoicePlayback``), and ``mix(into:)`` fills an interleaved Float32 buffer
/// from every playing voice.
///
/// The voices are split into chunks of ``voicesPerChunk`` rows, each mixed into its own
/// scratch bus (on up to ``threads`` threads), and the buses are summed in chunk order: the
/// order of every float addition depends on the voices alone, so the output has the same bits
/// for any thread count. On one thread, steady-state mixing allocates nothing and takes no
/// lock; on several, the query's parallel loop allocates its job list once per buffer and
/// hands the chunks to Dispatch.
///
/// ```swift
/// let mixer = try AudioMixer(format: MixFormat(channels: 2, sampleRate: 48_000, maxFrames: 512), world: World())
/// let tone = try AudioAsset(interleaved: samples, channels: 1, sampleRate: 48_000)
/// let id = try mixer.addAsset(tone)
/// try mixer.spawnVoice(asset: id, gain: 0.5, pan: -0.25)
/// var buffer = [Float](repeating: 0, count: 512 * 2)
/// try mixer.mix(into: &buffer)
/// ```
///
/// A mixer is confined to one thread at a time; its parallel mix splits the voices over
/// threads internally.
public final class AudioMixer {
    /// Voices per chunk by default.
    public static let defaultVoicesPerChunk = 256
    /// Frames a gain change ramps over by default (5.3 ms at 48 kHz).
    public static let defaultRampFrames = 256
    /// Largest gain accepted (+24 dB).
    public static let maxGain: Float = 16

    /// The output format.
    public let format: MixFormat
    /// The world holding the voices.
    public let world: World
    /// Threads the mix may use.
    public let threads: Int
    /// The instruction set of the mix and resampling kernels (the same bits on every set).
    public let kernels: KernelInstructionSet
    /// Voices mixed into one scratch bus.
    public let voicesPerChunk: Int
    /// The mixer frame the next buffer starts at: frames mixed so far.
    public internal(set) var framesMixed: Int64 = 0
    /// Levels of the last buffer.
    public internal(set) var meters: MixMeters
    /// The loaded assets.
    let assets = AudioAssetTable()
    /// Resampling filters to the output rate, by input rate.
    var filters: [Int: PolyphaseFilter] = [:]
    /// The worker that decodes ahead for streaming voices (started by the first one).
    let streamFeeder = StreamFeeder()
    /// Scratch buses, one per voice chunk.
    let buses: MixBusStorage
    /// The first bus of each table's voices, by table index.
    var tableBusOffsets: [Int] = []
    /// The columns the mix reads and writes, for mixes outside a schedule.
    let mixQuery: VoiceMixQuery
    /// The same voices, read only (counts, voice removal).
    let voiceQuery: Query<Read<VoiceSource>, Read<VoiceGain>, Read<VoicePan>, Read<VoicePlayback>>

    /// A mixer for `format` on up to `threads` threads, with voices in `world`, which the caller
    /// owns (an `App`'s, through ``AudioPlugin``), its kernels on `kernels`.
    /// - Throws: ``AudioError/invalidArgument(_:)`` for `threads` outside 1...1024 or
    ///   `voicesPerChunk` below 1.
    public init(
        format: MixFormat, threads: Int = 1, voicesPerChunk: Int = defaultVoicesPerChunk, world: World,
        kernels: KernelInstructionSet = .best
    ) throws(AudioError) {
        guard (1...1024).contains(threads) else {
            throw AudioError.invalidArgument("mixer thread count must be in 1...1024, got \(threads)")
        }
        guard voicesPerChunk >= 1 else {
            throw AudioError.invalidArgument("voices per chunk must be at least 1, got \(voicesPerChunk)")
        }
        self.format = format
        self.threads = threads
        self.kernels = kernels
        self.voicesPerChunk = voicesPerChunk
        self.world = world
        meters = MixMeters(channels: format.channels)
        buses = MixBusStorage(samplesPerBus: format.maxFrames * format.channels)
        mixQuery = try AudioError.world { () throws(ECSError) in try world.query(Write<VoiceSource>.self, Write<VoiceGain>.self, Read<VoicePan>.self, Write<VoicePlayback>.self) }
        voiceQuery = try AudioError.world { () throws(ECSError) in try world.query(Read<VoiceSource>.self, Read<VoiceGain>.self, Read<VoicePan>.self, Read<VoicePlayback>.self) }
    }

    deinit {
        streamFeeder.stop()
    }

    /// Voices in the world, playing or stopped.
    public var voiceCount: Int { voiceQuery.count }
}
