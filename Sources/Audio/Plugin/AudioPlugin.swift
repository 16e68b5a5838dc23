import ECS

/// The audio mixer as a plugin: the voice components, an ``AudioMixer`` resource whose voices
/// are entities of the app's world, an ``AudioMixOutput`` resource and the mix system.
///
/// `audio.mix` (`Stage/render`) turns each frame's time into output frames and mixes one
/// buffer of ``MixFormat/maxFrames`` frames per period owed (a 60 fps frame owes 1.56 buffers of
/// 512 frames at 48 kHz, so it mixes one or two) through the ``VoiceMixQuery`` it declares,
/// passing each to the sink when there is one.
/// Voices are spawned, ramped and stopped through the mixer resource
/// (``AudioMixer/spawnVoice(asset:gain:pan:looping:startFrame:)``), between frames or from an
/// exclusive system.
public struct AudioPlugin: Plugin {
    /// The output format.
    public var format: MixFormat
    /// Threads of the mix.
    public var threads: Int
    /// Where the mixed buffers go (configured and started when the plugin is added), if anywhere.
    public var sink: (any AudioOutputPort)?
    /// The instruction set of the mix and resampling kernels (the same bits on every set).
    public var kernels: KernelInstructionSet

    /// The plugin mixing `format` on `threads` threads into `sink`, its kernels on `kernels`.
    public init(
        format: MixFormat, threads: Int = 1, sink: (any AudioOutputPort)? = nil, kernels: KernelInstructionSet = .best
    ) {
        self.format = format
        self.threads = threads
        self.sink = sink
        self.kernels = kernels
    }

    /// Registers the voice components, the mixer, the output and the mix system.
    /// - Throws: The mixer's ``AudioError``s, and the sink's when it cannot be configured
    ///   or started.
    public func build(_ app: App) throws {
        try app.registerComponent(VoiceSource.self)
        try app.registerComponent(VoiceGain.self)
        try app.registerComponent(VoicePan.self)
        try app.registerComponent(VoicePlayback.self)
        try app.insertResource(try AudioMixer(format: format, threads: threads, world: app.world, kernels: kernels))
        if let sink {
            try sink.configure(sampleRate: Double(format.sampleRate), channels: format.channels, framesPerBuffer: format.maxFrames)
            try sink.start()
        }
        try app.insertResource(AudioMixOutput(format: format, sink: sink))
        let format = format
        try app.addSystem("audio.mix", in: .render) {
            (mixer: ResMut<AudioMixer>, output: ResMut<AudioMixOutput>, time: Res<Time>, voices: VoiceMixQuery) in
            let mixer = mixer.value
            let output = output.value
            output.framesOwed += time.value.delta * Double(format.sampleRate)
            output.buffersLastFrame = 0
            // A millionth of a frame of slack: a frame of exactly one period, in seconds, times
            // the rate may round just below the buffer's frames.
            while output.framesOwed >= Double(format.maxFrames) - 1e-6 {
                try mixer.mix(into: &output.buffer, voices: voices)
                if let sink = output.sink { _ = try sink.render(output.buffer, frameCount: format.maxFrames) }
                output.framesOwed -= Double(format.maxFrames)
                output.buffersLastFrame += 1
                output.buffersMixed += 1
            }
        }
    }
}
