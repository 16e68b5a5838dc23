/// The output buffer size rule of the playback service.
public enum PlaybackBufferSize {
    /// The frames per output buffer for `sampleRate`: the power of two nearest to
    /// `Int(sampleRate × 0.1)`, a tie rounding up, and 512 when that value is ≤ 0 or the rate
    /// is not finite.
    ///
    /// 44.1 and 48 kHz give 4096, 96 kHz 8192, 22.05 kHz 2048, and 8 kHz 1024 (800 is nearer
    /// 1024 than 512).
    public static func framesPerBuffer(sampleRate: Double) -> Int {
        guard sampleRate.isFinite, sampleRate * 0.1 >= 1 else { return 512 }
        let target = Int(min(sampleRate * 0.1, Double(1 << 52)))
        let lower = 1 << (Int.bitWidth - 1 - target.leadingZeroBitCount)
        let upper = lower << 1
        return target - lower < upper - target ? lower : upper
    }
}
