import ECS

extension AudioMixer {
    /// Spawns a voice playing `asset` from mixer frame `startFrame` (default: the next
    /// buffer's first frame), sample-accurately wherever it falls inside a buffer; a start
    /// frame already mixed starts at the next buffer.
    /// - Throws: ``AudioError/invalidArgument(_:)`` for an asset freed or without frames, a gain
    ///   outside 0...``maxGain``, a pan outside -1...1 or NaN, a negative start frame; the
    ///   world's refusals as ``AudioError/invalidState(_:)`` (for example inside a query loop).
    @discardableResult
    public func spawnVoice(
        asset: AudioAssetID, gain: Float = 1, pan: Float = 0, looping: Bool = false, startFrame: Int64? = nil
    ) throws(AudioError) -> Entity {
        guard try assets.asset(asset).frames > 0 else {
            throw AudioError.invalidArgument("\(asset) has no frames to play")
        }
        try Self.check(gain: gain)
        try Self.check(pan: pan)
        let start = startFrame ?? framesMixed
        guard start >= 0 else {
            throw AudioError.invalidArgument("voice start frame must not be negative, got \(start)")
        }
        let voice = try AudioError.world { () throws(ECSError) in try world.spawn(
            VoiceSource(asset: asset, looping: looping), VoiceGain(gain), VoicePan(pan), VoicePlayback(startFrame: start)) }
        try assets.retainForVoice(asset, looping: looping)
        return voice
    }

    /// Moves the gain of `voice` to `gain` over `rampFrames` mixed frames (at once for 0).
    /// - Throws: ``AudioError/invalidArgument(_:)`` for a gain outside 0...``maxGain`` or NaN, or
    ///   a negative ramp; ``AudioError/notFound(_:)`` for something not a live voice.
    public func setGain(_ gain: Float, of voice: Entity, rampFrames: Int = defaultRampFrames) throws(AudioError) {
        try Self.check(gain: gain)
        guard rampFrames >= 0 else {
            throw AudioError.invalidArgument("gain ramp must not be negative, got \(rampFrames) frames")
        }
        var value = try AudioError.world { () throws(ECSError) in try world.get(VoiceGain.self, of: voice) }
        value.ramp(to: gain, over: rampFrames)
        try AudioError.world { () throws(ECSError) in try world.set(value, of: voice) }
    }

    /// Places `voice` at `pan` (-1 left ... 1 right) with the equal-power law, from the next
    /// buffer on.
    /// - Throws: ``AudioError/invalidArgument(_:)`` for a pan outside -1...1 or NaN;
    ///   ``AudioError/notFound(_:)`` for something not a live voice.
    public func setPan(_ pan: Float, of voice: Entity) throws(AudioError) {
        try Self.check(pan: pan)
        _ = try AudioError.world { () throws(ECSError) in try world.get(VoicePan.self, of: voice) }
        try AudioError.world { () throws(ECSError) in try world.set(VoicePan(pan), of: voice) }
    }

    /// Stops `voice` at mixer frame `frame` (default: the next buffer's first frame),
    /// sample-accurately: its last heard frame is `frame - 1`. A frame already mixed stops it
    /// at the next buffer.
    /// - Throws: ``AudioError/invalidArgument(_:)`` for a negative frame;
    ///   ``AudioError/notFound(_:)`` for something not a live voice.
    public func stop(_ voice: Entity, atFrame frame: Int64? = nil) throws(AudioError) {
        let stop = frame ?? framesMixed
        guard stop >= 0 else {
            throw AudioError.invalidArgument("voice stop frame must not be negative, got \(stop)")
        }
        var playback = try AudioError.world { () throws(ECSError) in try world.get(VoicePlayback.self, of: voice) }
        playback.stopFrame = max(stop, framesMixed)
        try AudioError.world { () throws(ECSError) in try world.set(playback, of: voice) }
    }

    /// The playback component of `voice`: its state and its start and stop frames.
    /// - Throws: ``AudioError/notFound(_:)`` for something not a live voice.
    public func playback(of voice: Entity) throws(AudioError) -> VoicePlayback {
        try AudioError.world { () throws(ECSError) in try world.get(VoicePlayback.self, of: voice) }
    }

    /// Destroys `voice` and drops its hold on its asset.
    /// - Throws: ``AudioError/notFound(_:)`` for something not a live voice; the
    ///   world's refusals as ``AudioError/invalidState(_:)``.
    public func removeVoice(_ voice: Entity) throws(AudioError) {
        let asset = try AudioError.world { () throws(ECSError) in try world.get(VoiceSource.self, of: voice).asset }
        try AudioError.world { () throws(ECSError) in try world.destroy(voice) }
        try assets.release(asset, voice: true)
        world.compact()
    }

    /// Destroys every stopped voice, drops their holds on their assets and returns how many
    /// there were.
    /// - Throws: The world's refusals, as ``AudioError/invalidState(_:)`` (for example inside a query loop).
    @discardableResult
    public func removeStoppedVoices() throws(AudioError) -> Int {
        var stopped: [(Entity, AudioAssetID)] = []
        do {
            try voiceQuery.forEach { entity, source, _, _, playback in
                if playback.state == .stopped { stopped.append((entity, source.asset)) }
            }
        } catch let error as ECSError {
            throw AudioError(error)
        } catch {
            preconditionFailure("the loop body throws nothing")
        }
        for (voice, asset) in stopped {
            try AudioError.world { () throws(ECSError) in try world.destroy(voice) }
            try assets.release(asset, voice: true)
        }
        if !stopped.isEmpty { world.compact() }
        return stopped.count
    }

    /// Rejects a gain outside 0...``maxGain`` or NaN.
    static func check(gain: Float) throws(AudioError) {
        guard gain >= 0, gain <= maxGain else {
            throw AudioError.invalidArgument("voice gain must be in 0...\(maxGain), got \(gain)")
        }
    }

    /// Rejects a pan outside -1...1 or NaN.
    static func check(pan: Float) throws(AudioError) {
        guard pan >= -1, pan <= 1 else {
            throw AudioError.invalidArgument("voice pan must be in -1...1, got \(pan)")
        }
    }
}
