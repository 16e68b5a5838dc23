import ECS

/// The query through which ``AudioMixer/mix(into:voices:)`` reads and advances the voices: their
/// source and playback position (written as they play), gain (written as its ramps move) and pan.
public typealias VoiceMixQuery = Query<Write<VoiceSource>, Write<VoiceGain>, Read<VoicePan>, Write<VoicePlayback>>
