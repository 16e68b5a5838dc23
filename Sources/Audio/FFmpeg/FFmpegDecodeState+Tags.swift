extension FFmpegDecodeState {
    /// The file's tags: FFmpeg's metadata (``FFmpegTagFields``), the duration of the stream
    /// as the decoder gives it, the attached picture, and ReplayGain values missing from the
    /// tags taken from the stream's `replaygain` side data.
    var tags: TagBundle {
        let input = source.input
        var tags = unsafe FFmpegTagFields(input.metadata(of: source.stream)).tags
        tags.duration = Double(frames) / Double(format.sampleRate)
        tags.artwork = input.artwork
        if let side = unsafe input.replayGainSideData(of: source.stream) {
            var gain = tags.replayGain ?? ReplayGain()
            gain.trackGain = gain.trackGain ?? side.trackGain
            gain.trackPeak = gain.trackPeak ?? side.trackPeak
            gain.albumGain = gain.albumGain ?? side.albumGain
            gain.albumPeak = gain.albumPeak ?? side.albumPeak
            tags.replayGain = gain
        }
        return tags
    }
}
